using System.Diagnostics;
using System.Globalization;
using ManyTypes;
using NFX.Slim;

// The first Serialize + Deserialize of one small type in a fresh process, timed with a Stopwatch; then every type the
// build has, each round-tripped and checked (the registry answers for all of them). Prints "FIRST <ms> <ser-ms> <de-ms>"
// and "ALL <count>"; the exit code is 0 when every copy held.
var value = new M0000 { Id = 7, Name = "first", Value = 2.5, Stamp = 42 };
var slim = new SlimSerializer(SlimOptions.Default with { UseGeneratedCodecs = true });
// Under valgrind --tool=callgrind with CG_CONTROL=1: the counters are zeroed before the round trip and dumped after it.
bool callgrind = Environment.GetEnvironmentVariable("CG_CONTROL") == "1";
Callgrind("-z");
long start = Stopwatch.GetTimestamp();
byte[] bytes = slim.Serialize(value);
double serialize = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
var copy = slim.Deserialize<M0000>(bytes);
double total = Stopwatch.GetElapsedTime(start).TotalMilliseconds;
Callgrind("-d");
if (copy is null || copy.Id != 7 || copy.Name != "first" || copy.Value != 2.5 || copy.Stamp != 42 || copy.Next is not null)
{
    Console.WriteLine("FAILED the first copy differs");
    return 1;
}
Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"FIRST {total:F3} {serialize:F3} {total - serialize:F3}"));
if (args.Length > 0 && args[0] == "first")
{
    return 0;
}
return Probe.CheckAll();

void Callgrind(string command)
{
    if (callgrind)
    {
        Process.Start("callgrind_control", command + " " + Environment.ProcessId.ToString(CultureInfo.InvariantCulture))!.WaitForExit();
    }
}
