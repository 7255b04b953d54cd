using BenchmarkDotNet.Running;

namespace NFX.Perf;

/// <summary>Entry point: <c>quick</c> runs the side-by-side comparison; anything else goes to BenchmarkDotNet.</summary>
public static class Program
{
    public static int Main(string[] args)
    {
        BenchmarkSwitcher.FromAssembly(typeof(Program).Assembly).Run(args);
        return 0;
    }
}
