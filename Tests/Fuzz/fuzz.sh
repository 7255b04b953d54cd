#!/usr/bin/env bash
# Coverage-guided fuzzing of Slim's and Glue's parsers with afl-fuzz + SharpFuzz.
#   Tests/Fuzz/fuzz.sh TARGET MINUTES        fuzz one target (or "all": every target in turn) for MINUTES each
#   Tests/Fuzz/fuzz.sh minimize TARGET RUN   afl-cmin RUN's queue (plus the checked-in corpus) into Tests/Fuzz/Corpus/TARGET
#   Tests/Fuzz/fuzz.sh list                  the targets
# Installs what it needs: afl++ (Debian), the SharpFuzz instrumenter (pinned in .config/dotnet-tools.json).
# Builds the host once into $NFX_FUZZ_OUT/plain (default .fuzz/), instruments the product assemblies in a copy (bin/), writes the
# seeds (golden payloads, the security corpus, frames from the real writers) plus the checked-in corpus and each target's
# dictionary of format tokens (Tests/Fuzz/FuzzDictionary.cs), and runs afl-fuzz in the harness's budget mode. Each run is .fuzz/runs/TARGET-STAMP/ (afl's output: default/queue, crashes, hangs, fuzzer_stats); a
# summary line (execs, execs/s, edges, findings, load average) goes to .fuzz/runs/summary.txt. Findings are replayed
# with the uninstrumented build: dotnet .fuzz/plain/NFX.Slim.FuzzHost.dll replay TARGET FILE...
# NFX_FUZZ_SKIP_BUILD=1 reuses the instrumented build (to run several targets at once from one build).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
out="${NFX_FUZZ_OUT:-$root/.fuzz}"
bin="$out/bin"
plain="$out/plain"
host="$bin/NFX.Slim.FuzzHost.dll"
timeout_ms="${NFX_FUZZ_TIMEOUT_MS:-10000}"
targets=(slim-policy slim-allowall slim-typed reader glue-handshake glue-frames cache-value slim-layouts
    orleans akka)

install_tools() {
    if ! command -v afl-fuzz >/dev/null; then
        echo "installing afl++"
        apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq afl++ >/dev/null
    fi
    dotnet tool restore >/dev/null
}

build() {
    if [[ "${NFX_FUZZ_SKIP_BUILD:-}" == 1 && -f "$host" ]]; then
        return
    fi
    # Instrumented code writes to afl's shared memory, so seeds and replays run from an uninstrumented copy ($plain).
    echo "building into $plain, instrumenting a copy in $bin"
    rm -rf "$bin" "$plain" "$out/seeds"
    dotnet publish Tests/TestAssets/FuzzHost/FuzzHost.csproj -c Release -o "$plain" -nologo -v quiet
    dotnet "$plain/NFX.Slim.FuzzHost.dll" seeds "$out/seeds"
    dotnet "$plain/NFX.Slim.FuzzHost.dll" dictionary "$out/dict"
    cp -r "$plain" "$bin"
    for dll in NFX.StreamerFormats NFX.Slim NFX.Glue NFX.Slim.Caching \
        NFX.Slim.Orleans NFX.Slim.Akka; do
        dotnet sharpfuzz "$bin/$dll.dll"
    done
}

afl_env() {
    # Shared machine: no CPU pinning, no governor check; the host is a managed program, not an instrumented binary.
    export AFL_SKIP_CPUFREQ=1 AFL_NO_AFFINITY=1 AFL_SKIP_BIN_CHECK=1 AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES=1 AFL_NO_UI=1
    # The harness's budget mode: a read slower than a second (twice running) is a finding, as is any allocation over
    # 64 bytes per input byte + 16 MiB, so afl hunts amplifications, not only crashes (Tests/Fuzz/FuzzTarget.cs).
    export NFX_FUZZ_BUDGET=1
}

fuzz() {
    local target="$1" minutes="$2" run seeds
    run="$out/runs/$target-$(date -u +%Y%m%dT%H%M%S)"
    seeds="$out/seeds-$target-$$"
    rm -rf "$seeds" && mkdir -p "$seeds" "$out/runs"
    cp "$out/seeds/$target"/* "$seeds"/
    if compgen -G "Tests/Fuzz/Corpus/$target/*" >/dev/null; then
        cp Tests/Fuzz/Corpus/"$target"/* "$seeds"/
    fi
    echo "fuzzing $target for $minutes minute(s): $run"
    afl_env
    timeout --kill-after=60 "$((minutes * 60 + 120))" \
        afl-fuzz -i "$seeds" -o "$run" -x "$out/dict/$target.dict" -t "$timeout_ms" -m none -V "$((minutes * 60))" -- dotnet "$host" "$target" \
        >"$run.log" 2>&1 || echo "afl-fuzz exited with $? (see $run.log)"
    rm -rf "$seeds"
    summarize "$target" "$run" "$minutes" | tee -a "$out/runs/summary.txt"
}

summarize() {
    local target="$1" run="$2" minutes="$3" stats="$2/default/fuzzer_stats"
    if [[ ! -f "$stats" ]]; then
        echo "$target: no fuzzer_stats (see $run.log)"
        return
    fi
    stat() { awk -F' *: *' -v k="$1" '$1 == k { print $2 }' "$stats"; }
    echo "$target: ${minutes} min, $(stat execs_done) execs, $(stat execs_per_sec) execs/s, corpus $(stat corpus_count)," \
        "edges $(stat edges_found) of $(stat total_edges) (bitmap $(stat bitmap_cvg)), crashes $(stat saved_crashes)," \
        "hangs $(stat saved_hangs), load $(cut -d' ' -f1-3 /proc/loadavg), $run"
}

minimize() {
    local target="$1" run="$2" pool="$out/cmin-$1-$$" dest="Tests/Fuzz/Corpus/$1"
    rm -rf "$pool" && mkdir -p "$pool"
    cp "$run"/default/queue/id:* "$pool"/
    if compgen -G "$dest/*" >/dev/null; then
        cp "$dest"/* "$pool"/
    fi
    afl_env
    rm -rf "$dest.new"
    afl-cmin -i "$pool" -o "$dest.new" -t "$timeout_ms" -m none -- "$(command -v dotnet)" "$host" "$target"
    # Names without afl's colons and commas (portable file names); content-addressed, so re-runs are stable.
    rm -rf "$dest" && mkdir -p "$dest"
    for f in "$dest.new"/*; do
        cp "$f" "$dest/$(sha1sum "$f" | cut -c1-16).bin"
    done
    rm -rf "$dest.new" "$pool"
    echo "$target: $(ls "$dest" | wc -l) inputs in $dest"
}

case "${1:-}" in
    list)
        printf '%s\n' "${targets[@]}"
        ;;
    minimize)
        install_tools
        NFX_FUZZ_SKIP_BUILD=1 build
        minimize "$2" "$3"
        ;;
    all)
        install_tools
        build
        for t in "${targets[@]}"; do
            fuzz "$t" "${2:-20}"
        done
        ;;
    "")
        echo "usage: $0 TARGET|all MINUTES | minimize TARGET RUN | list" >&2
        exit 2
        ;;
    *)
        install_tools
        build
        fuzz "$1" "${2:-20}"
        ;;
esac
