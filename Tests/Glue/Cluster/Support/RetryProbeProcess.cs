using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using NFX.Tests.Support;

namespace NFX.Tests.GlueCluster.Support;

/// <summary>
/// A Glue server in a child process (NFX.Glue.RetryProbe): its "run ..." lines are collected as they come, so the
/// executions it started are known even after it is killed.
/// </summary>
internal sealed class RetryProbeProcess : IAsyncDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(90);

    private readonly Process _process;
    private readonly ConcurrentQueue<string> _runs = new();
    private readonly SemaphoreSlim _lines = new(0);
    private readonly TaskCompletionSource<int> _port = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Task _reader;

    private RetryProbeProcess(Process process)
    {
        _process = process;
        _reader = ReadAsync();
    }

    public int Port => _port.Task.Result;

    /// <summary>True once the process has ended (killed, crashed, or exited).</summary>
    public bool HasExited => _process.HasExited;

    /// <summary>The "run method id" lines so far.</summary>
    public IReadOnlyCollection<string> Runs => _runs;

    /// <summary>Starts the server on 127.0.0.1:<paramref name="port"/> (0: any) and waits until it listens.</summary>
    public static async Task<RetryProbeProcess> StartAsync(int port, bool hold)
    {
        string[] arguments = hold ? ["server", port.ToString(CultureInfo.InvariantCulture), "hold"] : ["server", port.ToString(CultureInfo.InvariantCulture)];
        var probe = new RetryProbeProcess(DotnetChild.Start("NFX.Glue.RetryProbe.dll", arguments, redirectInput: true));
        try
        {
            await probe._port.Task.WaitAsync(s_startTimeout);
        }
        catch (TimeoutException)
        {
            string errors = await probe.StopAsync();
            Assert.Fail($"the server process did not start listening within {s_startTimeout.TotalSeconds} s: {errors}");
        }
        return probe;
    }

    /// <summary>Waits until <paramref name="count"/> executions have been reported.</summary>
    public async Task WaitForRunsAsync(int count, TimeSpan timeout)
    {
        using var guard = new CancellationTokenSource(timeout);
        while (_runs.Count < count)
        {
            await _lines.WaitAsync(guard.Token);
        }
    }

    /// <summary>Kills the process (no Goodbye, sockets reset by the OS) and waits until it is gone.</summary>
    public async Task KillAsync()
    {
        _process.Kill(entireProcessTree: true);
        await _process.WaitForExitAsync();
        await _reader;
    }

    public async ValueTask DisposeAsync() => await StopAsync();

    private async Task<string> StopAsync()
    {
        if (!_process.HasExited)
        {
            _process.Kill(entireProcessTree: true);
            await _process.WaitForExitAsync();
        }
        string errors = await _process.StandardError.ReadToEndAsync();
        _process.Dispose();
        return errors;
    }

    private async Task ReadAsync()
    {
        while (await _process.StandardOutput.ReadLineAsync() is string line)
        {
            if (line.StartsWith("listening ", StringComparison.Ordinal))
            {
                _port.TrySetResult(int.Parse(line["listening ".Length..], CultureInfo.InvariantCulture));
            }
            else if (line.StartsWith("run ", StringComparison.Ordinal))
            {
                _runs.Enqueue(line["run ".Length..]);
                _lines.Release();
            }
        }
        _port.TrySetException(new InvalidOperationException("The server process ended before it listened."));
    }
}
