using System.Diagnostics;
using NFX.Perf.Quick;

namespace NFX.Perf.Soak;

/// <summary>
/// A child process of the soak run (this executable with a soak verb): its stdout lines are collected as they come
/// (memory samples, the ready line, the result), its stdin closing tells it to stop, <see cref="Kill"/> ends it at once.
/// </summary>
public sealed class SoakChild : IDisposable
{
    private readonly Process _process;
    private readonly List<SoakMemorySample> _samples = [];
    private readonly TaskCompletionSource _ready = new(TaskCreationOptions.RunContinuationsAsynchronously);
    private readonly Lock _lock = new();
    private string? _result;

    private SoakChild(string name, Process process)
    {
        Name = name;
        _process = process;
    }

    /// <summary>What the report calls this process.</summary>
    public string Name { get; }

    /// <summary>Whether the process has exited.</summary>
    public bool HasExited => _process.HasExited;

    /// <summary>The memory samples so far.</summary>
    public SoakMemorySample[] Samples
    {
        get
        {
            lock (_lock)
            {
                return [.. _samples];
            }
        }
    }

    /// <summary>The payload of the child's <c>RESULT</c> line, once printed.</summary>
    public string? Result
    {
        get
        {
            lock (_lock)
            {
                return _result;
            }
        }
    }

    /// <summary>Starts <c>NFX.Slim.Perf VERB ARGS</c>.</summary>
    public static SoakChild Start(string name, string verb, params string[] args)
    {
        ProcessStartInfo start = SelfProcess.StartInfo(verb, args);
        start.RedirectStandardInput = true;
        start.RedirectStandardOutput = true;
        var process = new Process { StartInfo = start };
        var child = new SoakChild(name, process);
        process.OutputDataReceived += (_, e) => child.OnLine(e.Data);
        process.Start();
        process.BeginOutputReadLine();
        return child;
    }

    /// <summary>Waits for the child's <c>READY</c> line.</summary>
    public bool WaitReady(TimeSpan timeout) => _ready.Task.Wait(timeout);

    /// <summary>Waits for the child to exit on its own.</summary>
    public bool WaitForExit(TimeSpan timeout) => _process.WaitForExit(timeout);

    /// <summary>Ends the child without warning (SIGKILL): its sockets are reset, nothing is flushed.</summary>
    public void Kill()
    {
        try
        {
            _process.Kill(entireProcessTree: true);
            _process.WaitForExit(10_000);
        }
        catch (InvalidOperationException)
        {
            // Already gone.
        }
    }

    /// <summary>Asks the child to stop (closes its stdin) and waits; kills it if it does not.</summary>
    public void Stop(TimeSpan timeout)
    {
        try
        {
            _process.StandardInput.WriteLine("exit");
            _process.StandardInput.Close();
        }
        catch (IOException)
        {
            // Already gone.
        }
        if (!_process.WaitForExit(timeout))
        {
            Kill();
        }
    }

    /// <inheritdoc/>
    public void Dispose()
    {
        if (!_process.HasExited)
        {
            Kill();
        }
        _process.Dispose();
    }

    private void OnLine(string? line)
    {
        if (line is null)
        {
            return;
        }
        if (line == SoakNode.Ready)
        {
            _ready.TrySetResult();
            return;
        }
        lock (_lock)
        {
            if (SoakSampler.TryParse(line, out SoakMemorySample sample))
            {
                _samples.Add(sample);
            }
            else if (line.StartsWith(SoakClient.ResultPrefix, StringComparison.Ordinal))
            {
                _result = line[SoakClient.ResultPrefix.Length..];
            }
        }
    }
}
