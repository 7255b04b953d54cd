using System.Diagnostics;
using System.Globalization;
using NFX.Perf.Quick;

namespace NFX.Perf.Rpc;

/// <summary>
/// The servers in a child process (<c>NFX.Slim.Perf rpc-server</c>), so client and server do not share a heap or a
/// thread pool. The child prints its ports, then answers <c>alloc</c> on stdin with its total allocated bytes (the
/// server side's allocation per call) and exits on <c>exit</c> or end of input.
/// </summary>
public sealed class RpcServerProcess : IDisposable
{
    /// <summary>The command-line verb of the child.</summary>
    public const string Verb = "rpc-server";

    private const string ReadyPrefix = "RPC-READY ";
    private const string AllocPrefix = "ALLOC ";

    private readonly Process _child;

    private RpcServerProcess(Process child, RpcPorts ports)
    {
        _child = child;
        Ports = ports;
    }

    /// <summary>The child's ports.</summary>
    public RpcPorts Ports { get; }

    /// <summary>The child's process id (for a profiler, and for its CPU time).</summary>
    public int ProcessId => _child.Id;

    /// <summary>CPU time the child has used so far (user + system, all threads).</summary>
    public TimeSpan ProcessorTime()
    {
        _child.Refresh();
        return _child.TotalProcessorTime;
    }

    /// <summary>
    /// Starts the child (see <see cref="Start"/>), or returns null after telling <paramref name="progress"/> why it
    /// could not start, so the caller runs the servers in its own process instead.
    /// </summary>
    public static RpcServerProcess? TryStart(Action<string> progress, string part)
    {
        try
        {
            return Start(TimeSpan.FromSeconds(60));
        }
        catch (Exception e) when (e is InvalidOperationException or System.ComponentModel.Win32Exception)
        {
            progress($"{part}: the server process did not start ({e.Message}); running the servers in this process");
            return null;
        }
    }

    /// <summary>Starts the child (this executable with <see cref="Verb"/>) and waits for its ports.</summary>
    public static RpcServerProcess Start(TimeSpan timeout)
    {
        ProcessStartInfo start = SelfProcess.StartInfo(Verb);
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        Process child = Process.Start(start) ?? throw new InvalidOperationException("Could not start the RPC server process.");
        Task<string?> line = child.StandardOutput.ReadLineAsync();
        if (!line.Wait(timeout) || line.Result is not string ready || !ready.StartsWith(ReadyPrefix, StringComparison.Ordinal))
        {
            child.Kill(entireProcessTree: true);
            child.Dispose();
            throw new InvalidOperationException("The RPC server process did not report its ports.");
        }
        int[] ports = ready[ReadyPrefix.Length..].Split(' ').Select(p => int.Parse(p, CultureInfo.InvariantCulture)).ToArray();
        return new RpcServerProcess(child, RpcPorts.From(ports));
    }

    /// <summary>Bytes the child has allocated since it started (GC.GetTotalAllocatedBytes, precise).</summary>
    public long AllocatedBytes()
    {
        _child.StandardInput.WriteLine("alloc");
        _child.StandardInput.Flush();
        string? answer = _child.StandardOutput.ReadLine();
        return answer is not null && answer.StartsWith(AllocPrefix, StringComparison.Ordinal)
            ? long.Parse(answer[AllocPrefix.Length..], CultureInfo.InvariantCulture)
            : throw new InvalidOperationException("The RPC server process did not answer.");
    }

    /// <inheritdoc/>
    public void Dispose()
    {
        try
        {
            _child.StandardInput.WriteLine("exit");
            _child.StandardInput.Flush();
            if (!_child.WaitForExit(5000))
            {
                _child.Kill(entireProcessTree: true);
            }
        }
        catch (Exception e) when (e is IOException or InvalidOperationException)
        {
            // Already gone.
        }
        _child.Dispose();
    }

    /// <summary>The child's side: start the servers, print the ports, serve until told to exit.</summary>
    public static int RunChild()
    {
        RpcServers servers = RpcServers.StartAsync().GetAwaiter().GetResult();
        RpcPorts ports = servers.Ports;
        Console.Out.WriteLine(ReadyPrefix + string.Join(' ', ports.ToArray().Select(p => p.ToString(CultureInfo.InvariantCulture))));
        Console.Out.Flush();
        while (Console.In.ReadLine() is string command && command != "exit")
        {
            if (command == "alloc")
            {
                Console.Out.WriteLine(AllocPrefix + GC.GetTotalAllocatedBytes(precise: true).ToString(CultureInfo.InvariantCulture));
                Console.Out.Flush();
            }
        }
        servers.DisposeAsync().AsTask().GetAwaiter().GetResult();
        return 0;
    }
}
