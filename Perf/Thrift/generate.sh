#!/usr/bin/env bash
# Regenerates the C# for perf.thrift (serializer contenders) and rpc.thrift (RPC contenders) with the Apache Thrift
# compiler (Debian's thrift-compiler). The output (gen-netstd/) is committed and compiled into Perf against the
# ApacheThrift runtime package.
set -euo pipefail
cd "$(dirname "$0")"

if ! command -v thrift >/dev/null 2>&1; then
    echo "thrift not found: installing Debian's thrift-compiler" >&2
    if [ "$(id -u)" -eq 0 ]; then
        apt-get update -qq && apt-get install -y -qq thrift-compiler
    else
        sudo apt-get update -qq && sudo apt-get install -y -qq thrift-compiler
    fi
fi

thrift --version
rm -rf gen-netstd
thrift --gen netstd -out . perf.thrift
thrift --gen netstd -out . rpc.thrift
# thrift writes into a folder named after the namespace; keep a stable folder name for the repository.
mkdir -p gen-netstd
if [ -d NFX ]; then
    mv NFX gen-netstd/
fi
echo "generated: $(find gen-netstd -name '*.cs' | wc -l) C# files in Perf/Thrift/gen-netstd"
