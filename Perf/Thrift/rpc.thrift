// The RPC benchmark's service (Perf/Rpc) for the Apache Thrift contenders: the methods of IRpcBench (W1-W5).
// Regenerate the C# with ./generate.sh (the netstd generator of Debian's thrift-compiler).

namespace netstd NFX.Perf.Thrift

// The ten fields of DbRow (Perf/Rpc/DbRow.cs); the DateTime travels as UTC ticks.
struct DbRowT {
  1: i32 id
  2: string name
  3: string city
  4: i64 amount
  5: double price
  6: bool active
  7: string code
  8: i32 quantity
  9: i64 createdTicks
  10: string note
}

service RpcBenchT {
  i32 Sum(1: i32 a, 2: i32 b)
  string Echo(1: string text)
  list<DbRowT> DbWork(1: i32 id)
  binary EchoBytes(1: binary data)
  list<DbRowT> EchoRows(1: list<DbRowT> rows)
}
