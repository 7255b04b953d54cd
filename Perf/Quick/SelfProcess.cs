using System.Diagnostics;

namespace NFX.Perf.Quick;

/// <summary>
/// Starts this Perf executable again as a child running one verb: how quick mode keeps what can crash (a stack overflow),
/// pin memory (16M-node graphs) or compete for the CPU (an RPC server, a soak peer) out of the measuring process.
/// </summary>
internal static class SelfProcess
{
    /// <summary>
    /// The start info of <c>NFX.Slim.Perf VERB ARGS</c> (through the dotnet host when the Perf was started that way);
    /// the caller chooses which streams to redirect, and must read every stream it redirects.
    /// </summary>
    public static ProcessStartInfo StartInfo(string verb, params string[] args)
    {
        var start = new ProcessStartInfo
        {
            FileName = Environment.ProcessPath ?? "dotnet",
            UseShellExecute = false,
        };
        if (Path.GetFileNameWithoutExtension(start.FileName) == "dotnet")
        {
            start.ArgumentList.Add(typeof(SelfProcess).Assembly.Location);
        }
        start.ArgumentList.Add(verb);
        foreach (string arg in args)
        {
            start.ArgumentList.Add(arg);
        }
        return start;
    }
}
