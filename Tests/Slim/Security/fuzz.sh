#!/usr/bin/env bash
# Runs the Slim mutation fuzzer outside CI, for as long as you like, with a random (or given) seed.
#   Tests/Slim/Security/fuzz.sh MINUTES [SEED] [OUTDIR]
# Seeds: the corpus of Tests/Slim/Security/Support/Corpus.cs (every Slim codec). Every finding (an exception outside the
# documented contract, a slow input, an allocation over the bound, a result that cannot be written back) is saved as
# OUTDIR/KIND-SEED-INDEX.bin (the input) and .txt (what happened); replay one with FuzzRunner.RunOne(INDEX) and
# new FuzzRunner(SEED). SharpFuzz (coverage-guided libFuzzer) is not available from the package source: see
# docs/SECURITY.md, "Fuzzing".
set -euo pipefail
cd "$(dirname "$0")/../../.."
minutes="${1:-10}"
seed="${2:-$RANDOM$RANDOM}"
out="${3:-$PWD/.fuzz-findings}"
mkdir -p "$out"
echo "fuzzing for $minutes minute(s), seed $seed, findings in $out"
dotnet build Tests/Slim/Slim.Tests.csproj -c Release -v quiet -nologo
NFX_FUZZ_MINUTES="$minutes" NFX_FUZZ_SEED="$seed" NFX_FUZZ_OUT="$out" \
    dotnet test Tests/Slim/Slim.Tests.csproj -c Release --no-build --filter "FullyQualifiedName~FuzzTests.Fuzz_LongRun_FromEnvironment" \
    --logger "console;verbosity=detailed" -- NUnit.DefaultTimeout=0
