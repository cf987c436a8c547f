#!/usr/bin/env bash
# Makes Countersign's disk image from an already signed .app, signs the image, and notarizes and
# staples it when notary credentials are given.
#
#   packaging/macos/make-dmg.sh --app path/Countersign.app --out path/Countersign-VERSION.dmg \
#       [--identity "Developer ID Application: NAME (TEAMID)"] [--dry-run]
#
# Plain hdiutil, not `jpackage --type dmg`: jpackage 17 re-copies (and can break) a signed app
# image when it makes the DMG (JDK-8289030, fixed in 19), and its Finder AppleScript step is
# flaky on machines without a logged-in Finder (CI). The image holds the app exactly as signed
# (ditto keeps signatures and extended attributes) and a link to /Applications.
#
# Notarization needs the Developer ID identity above and one of (never both):
#   COUNTERSIGN_NOTARY_PROFILE    a keychain profile saved by `xcrun notarytool store-credentials`
#   COUNTERSIGN_NOTARY_APPLE_ID, COUNTERSIGN_NOTARY_TEAM_ID, COUNTERSIGN_NOTARY_PASSWORD
#                                 an Apple ID in that Developer Program team and an app-specific
#                                 password made for it at account.apple.com
# Without them the image is signed (with an identity) but not notarized, and says so.
# --dry-run prints the commands in the order they would run (any OS; passwords masked).
set -euo pipefail
app=""
out=""
identity=""
dry_run=0
while [[ $# -gt 0 ]]; do
  case $1 in
    --app) app=${2:?--app needs a path}; shift 2 ;;
    --out) out=${2:?--out needs a path}; shift 2 ;;
    --identity) identity=${2:?--identity needs a value}; shift 2 ;;
    --dry-run) dry_run=1; shift ;;
    -h|--help) sed -n '2,21p' "$0"; exit 0 ;;
    *) echo "make-dmg.sh: unknown argument $1" >&2; exit 2 ;;
  esac
done
[[ -d $app && $app == *.app ]] || { echo "make-dmg.sh: --app must name Countersign.app" >&2; exit 2; }
[[ $out == *.dmg ]] || { echo "make-dmg.sh: --out must name a .dmg" >&2; exit 2; }

profile=${COUNTERSIGN_NOTARY_PROFILE:-}
apple_id=${COUNTERSIGN_NOTARY_APPLE_ID:-} team_id=${COUNTERSIGN_NOTARY_TEAM_ID:-} password=${COUNTERSIGN_NOTARY_PASSWORD:-}
notary=()
if [[ -n $apple_id || -n $team_id || -n $password ]]; then
  [[ -n $apple_id && -n $team_id && -n $password ]] || {
    echo "make-dmg.sh: notarizing with an Apple ID needs all of COUNTERSIGN_NOTARY_APPLE_ID, _TEAM_ID and _PASSWORD" >&2; exit 2; }
  [[ -z $profile ]] || { echo "make-dmg.sh: give COUNTERSIGN_NOTARY_PROFILE or the Apple ID variables, not both" >&2; exit 2; }
  notary=(--apple-id "$apple_id" --team-id "$team_id" --password "$password")
elif [[ -n $profile ]]; then
  notary=(--keychain-profile "$profile")
fi
if [[ ${#notary[@]} -gt 0 && ( -z $identity || $identity == "-" ) ]]; then
  echo "make-dmg.sh: notarization needs an app and image signed with a Developer ID identity (--identity)" >&2
  exit 2
fi
[[ $dry_run -eq 1 || $(uname -s) == Darwin ]] || { echo "make-dmg.sh: hdiutil runs only on macOS" >&2; exit 2; }

run() {
  if [[ $dry_run -eq 1 ]]; then
    local shown=() arg masked=0
    for arg in "$@"; do
      if [[ $masked -eq 1 ]]; then shown+=("***"); masked=0; else shown+=("$arg"); fi
      [[ $arg == --password ]] && masked=1
    done
    echo "${shown[*]}"
  else
    "$@"
  fi
}

staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT
run ditto "$app" "$staging/$(basename "$app")"
run ln -s /Applications "$staging/Applications"
run rm -f "$out"
run hdiutil create -volname Countersign -srcfolder "$staging" -fs HFS+ -format UDZO -ov "$out"
if [[ -n $identity ]]; then
  # A signed image: Gatekeeper checks it before mounting; no hardened runtime (not code).
  ts=(--timestamp)
  [[ $identity == "-" ]] && ts=()
  run codesign --force ${ts[@]+"${ts[@]}"} --sign "$identity" "$out"
  run codesign --verify --strict "$out"
fi
if [[ ${#notary[@]} -eq 0 ]]; then
  echo "Not notarized: set COUNTERSIGN_NOTARY_PROFILE, or COUNTERSIGN_NOTARY_APPLE_ID/_TEAM_ID/_PASSWORD (see $0)." >&2
  exit 0
fi
# --wait returns once Apple has decided; only "Accepted" goes on to stapling.
if [[ $dry_run -eq 1 ]]; then
  run xcrun notarytool submit "$out" "${notary[@]}" --wait --output-format json
else
  result=$(xcrun notarytool submit "$out" "${notary[@]}" --wait --output-format json)
  echo "$result"
  if ! grep -q '"status" *: *"Accepted"' <<<"$result"; then
    id=$(sed -n 's/.*"id" *: *"\([^"]*\)".*/\1/p' <<<"$result" | head -n 1)
    echo "make-dmg.sh: notarization was not accepted; Apple's log: xcrun notarytool log $id (with the same credentials)" >&2
    exit 1
  fi
fi
run xcrun stapler staple "$out"
run xcrun stapler validate "$out"
