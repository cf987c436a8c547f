#!/usr/bin/env bash
# Signs Countersign.app with the hardened runtime and Countersign's entitlements, inside out.
#
#   packaging/macos/sign.sh --identity "Developer ID Application: NAME (TEAMID)" path/to/Countersign.app
#
# The identity is required and never guessed (no "first identity in the keychain"): it decides
# whether people keep their permissions across updates. macOS records an Accessibility or Screen
# Recording grant against the app's bundle id AND its code signature's designated requirement
# (for a Developer ID app: this bundle id signed by this team). Sign every release with the same
# team's certificate and the grants survive updates; sign with another identity, or ad hoc ("-",
# whose requirement is the build's own cdhash), and macOS silently treats the update as a new app:
# the switches in System Settings stay on but no longer apply, and every operation is refused
# with PERMISSION_MISSING until the person removes and re-adds Countersign there.
#
# Ad hoc signing is refused unless --allow-adhoc is given (for a developer's own machine only).
# --no-hardened-runtime (ad hoc only) leaves the hardened runtime off: under it, library
# validation refuses every dylib that is not signed by the app's own team, and an ad hoc
# signature has no team, so an ad-hoc-signed hardened app cannot load its own JavaFX or JNA
# libraries (what CI's launch test signs with). --dry-run prints the codesign commands in the
# order they would run, without running them (any OS; the packaging tests read it).
# The disk image, notarization and stapling: packaging/macos/make-dmg.sh.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
identity=""
allow_adhoc=0
hardened=1
dry_run=0
app=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --identity) identity=${2:?--identity needs a value}; shift 2 ;;
    --allow-adhoc) allow_adhoc=1; shift ;;
    --no-hardened-runtime) hardened=0; shift ;;
    --dry-run) dry_run=1; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) app=$1; shift ;;
  esac
done
[[ -n $identity ]] || { echo "sign.sh: --identity is required (e.g. \"Developer ID Application: NAME (TEAMID)\")" >&2; exit 2; }
[[ -d $app && $app == *.app ]] || { echo "sign.sh: give the path of Countersign.app" >&2; exit 2; }
if [[ $identity == "-" && $allow_adhoc -ne 1 ]]; then
  echo "sign.sh: refusing ad hoc signing: each build would lose the Accessibility grant (see the header)." >&2
  echo "         Use --allow-adhoc for a throwaway local build." >&2
  exit 2
fi
if [[ $hardened -eq 0 && $identity != "-" ]]; then
  echo "sign.sh: --no-hardened-runtime is for ad hoc signing only: notarization requires the hardened runtime." >&2
  exit 2
fi
[[ $dry_run -eq 1 || $(uname -s) == Darwin ]] || { echo "sign.sh: codesign runs only on macOS" >&2; exit 2; }

entitlements=$here/entitlements.plist
sign() {
  # --timestamp needs Apple's timestamp server; ad hoc signatures have none.
  local opts=(--force)
  [[ $hardened -eq 1 ]] && opts+=(--options runtime)
  [[ $identity != "-" ]] && opts+=(--timestamp)
  if [[ $dry_run -eq 1 ]]; then
    echo "codesign ${opts[*]} --sign $identity $*"
  else
    codesign "${opts[@]}" --sign "$identity" "$@"
  fi
}

# Inside out: every Mach-O inside the bundle first (the runtime's libraries, JavaFX's dylibs,
# the shim, JNA's libjnidispatch), then the nested runtime bundle itself, which seals its
# Contents (Info.plist included) again over the files just re-signed — a runtime whose seal
# still names the old signatures fails `codesign --verify --strict` and notarization — then
# the launcher and the app with the entitlements. No --deep: it signs everything with the same
# options and hides what was signed.
while IFS= read -r -d '' f; do
  if file -b "$f" | grep -q 'Mach-O'; then
    sign "$f"
  fi
done < <(find "$app/Contents" -type f \( -name '*.dylib' -o -name '*.jnilib' -o -perm -u+x \) \
           ! -path "$app/Contents/MacOS/*" -print0 | LC_ALL=C sort -z)
runtime=$app/Contents/runtime
[[ -d $runtime/Contents ]] && sign "$runtime"
for launcher in "$app/Contents/MacOS/"*; do
  sign --entitlements "$entitlements" "$launcher"
done
sign --entitlements "$entitlements" "$app"
[[ $dry_run -eq 1 ]] && exit 0

codesign --verify --strict --verbose=2 "$app"
echo "Designated requirement (what the TCC grants are bound to):"
codesign --display --requirements - "$app" 2>&1 | sed -n 's/^designated => /  /p'
codesign --display --entitlements - --xml "$app" >/dev/null
echo "Signed $app with \"$identity\"."
