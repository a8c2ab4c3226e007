#!/usr/bin/env bash
# Installs lavapipe (Mesa's software Vulkan driver), so that WebGPU runs in Node through Dawn on a
# machine without a GPU. Dawn refuses Debian 12's Mesa 22.3 ("shaderUniform*ArrayDynamicIndexing
# required"); Mesa 25 from bookworm-backports works. The backports suite is added to the machine's own
# Debian source (its URI read from /etc/apt/sources.list.d/debian.sources), so no mirror is written here.
# Run as root on Debian 12 or later; does nothing when a Mesa >= 25 lavapipe is installed already.
set -euo pipefail

MIN_MESA=25
SOURCES=/etc/apt/sources.list.d/debian.sources

mesa_major() { dpkg-query -W -f='${Version}' mesa-vulkan-drivers 2>/dev/null | cut -d. -f1 | sed 's/^[0-9]*://'; }

installed=$(mesa_major || true)
if [ -n "$installed" ] && [ "$installed" -ge "$MIN_MESA" ]; then exit 0; fi
export DEBIAN_FRONTEND=noninteractive

codename=$(. /etc/os-release && echo "${VERSION_CODENAME:-}")
[ -n "$codename" ] || { echo "install-lavapipe: no VERSION_CODENAME in /etc/os-release (not Debian?)" >&2; exit 1; }

apt-get update
candidate=$(apt-cache policy mesa-vulkan-drivers | awk '/Candidate:/ {print $2}' | cut -d. -f1 | sed 's/^[0-9]*://')
target=()
if [ -z "$candidate" ] || [ "$candidate" = "(none)" ] || [ "$candidate" -lt "$MIN_MESA" ]; then
  [ -f "$SOURCES" ] || { echo "install-lavapipe: $SOURCES not found; add ${codename}-backports to your apt sources by hand" >&2; exit 1; }
  # The first non-security URI: the distribution's own mirror.
  uri=$(awk '/^URIs:/ && !/security/ {print $2; exit}' "$SOURCES")
  [ -n "$uri" ] || { echo "install-lavapipe: no Debian URI in $SOURCES" >&2; exit 1; }
  keyring=$(awk '/^Signed-By:/ {print $2; exit}' "$SOURCES")
  {
    echo "Types: deb"
    echo "URIs: $uri"
    echo "Suites: ${codename}-backports"
    echo "Components: main"
    if [ -n "$keyring" ]; then echo "Signed-By: $keyring"; fi
  } > /etc/apt/sources.list.d/backports.sources
  apt-get update
  target=(-t "${codename}-backports")
fi
apt-get install -y -o DPkg::Lock::Timeout=600 "${target[@]}" mesa-vulkan-drivers libvulkan1
installed=$(mesa_major)
[ "$installed" -ge "$MIN_MESA" ] || { echo "install-lavapipe: got Mesa $installed, Dawn needs $MIN_MESA or later" >&2; exit 1; }
