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
# Notarization is a separate step (xcrun notarytool submit … --wait; xcrun stapler staple …).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
identity=""
allow_adhoc=0
app=""
while [[ $# -gt 0 ]]; do
  case $1 in
    --identity) identity=${2:?--identity needs a value}; shift 2 ;;
    --allow-adhoc) allow_adhoc=1; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
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
[[ $(uname -s) == Darwin ]] || { echo "sign.sh: codesign runs only on macOS" >&2; exit 2; }

entitlements=$here/entitlements.plist
sign() {
  # --timestamp needs Apple's timestamp server; ad hoc signatures have none.
  local ts=(--timestamp)
  [[ $identity == "-" ]] && ts=()
  codesign --force --options runtime "${ts[@]}" --sign "$identity" "$@"
}

# Inside out: every Mach-O inside the bundle first (runtime libraries, the shim, JNA's
# libjnidispatch, launchers), the bundle itself last with the entitlements. No --deep: it signs
# everything with the same options and hides what was signed.
while IFS= read -r -d '' f; do
  if file -b "$f" | grep -q 'Mach-O'; then
    sign "$f"
  fi
done < <(find "$app/Contents" -type f \( -name '*.dylib' -o -name '*.jnilib' -o -perm -u+x \) \
           ! -path "$app/Contents/MacOS/*" -print0)
sign --entitlements "$entitlements" "$app/Contents/MacOS/"*
sign --entitlements "$entitlements" "$app"

codesign --verify --strict --verbose=2 "$app"
echo "Designated requirement (what the TCC grants are bound to):"
codesign --display --requirements - "$app" 2>&1 | sed -n 's/^designated => /  /p'
codesign --display --entitlements - --xml "$app" >/dev/null
echo "Signed $app with \"$identity\"."
