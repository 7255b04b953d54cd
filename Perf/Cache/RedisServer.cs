using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Text;
using StackExchange.Redis;

namespace NFX.Perf.Cache;

/// <summary>
/// A real redis-server for the cache benchmark and the cache tests: started on a free loopback port with a temporary
/// directory and no persistence, ready once it answers PING, killed and its directory deleted on dispose.
/// </summary>
public sealed class RedisServer : IDisposable
{
    private static readonly TimeSpan s_startTimeout = TimeSpan.FromSeconds(20);
    private readonly Process _process;
    private readonly DirectoryInfo _directory;
    private readonly StringBuilder _output = new();

    private RedisServer(Process process, DirectoryInfo directory, int port)
    {
        _process = process;
        _directory = directory;
        Port = port;
    }

    /// <summary>The loopback port it listens on.</summary>
    public int Port { get; }

    /// <summary>
    /// The StackExchange.Redis configuration string for it, with generous timeouts: on a loaded CI machine the
    /// client's reader thread can wait its turn longer than the 1 s default.
    /// </summary>
    public string Configuration => $"127.0.0.1:{Port},{Timeouts}";

    /// <summary>The timeout settings of <see cref="Configuration"/>, also handed to the probe process.</summary>
    public const string Timeouts = "connectTimeout=15000,syncTimeout=15000,responseTimeout=15000";

    /// <summary>A shared connection (thread-safe) for the tests, opened once the server answers.</summary>
    public ConnectionMultiplexer Connection { get; private set; } = null!;

    /// <summary>The server process id (the outage tests kill it by this id).</summary>
    public int ProcessId => _process.Id;

    /// <summary>Kills the server process by its id, as an outage would, and waits (bounded) until it is gone.</summary>
    public void Kill()
    {
        using Process process = Process.GetProcessById(ProcessId);
        process.Kill();
        if (!process.WaitForExit(10_000))
        {
            throw new TimeoutException($"redis-server (pid {ProcessId}) did not exit within 10 s of being killed.");
        }
    }

    /// <summary>Starts a server on <paramref name="port"/> (a free one when null); fails with instructions when redis-server is not installed.</summary>
    public static RedisServer Start(int? port = null)
    {
        string executable = FindExecutable() ?? (InstallAllowed() && InstallWithProjectScript() ? FindExecutable() : null) ?? throw new InvalidOperationException(
            "redis-server is not installed, and the cache tests and benchmark need a real Redis. Install it with " +
            "`apt-get install -y redis-server` (.ci/install-deps does this), or point NFX_REDIS_SERVER at the executable" +
            (InstallAllowed() ? "." : $" ({NoInstallVariable}=1 is set, so it was not installed automatically)."));
        int chosenPort = port ?? FreePort();
        DirectoryInfo directory = Directory.CreateTempSubdirectory("nfx-redis-");
        var start = new ProcessStartInfo(executable)
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
            WorkingDirectory = directory.FullName,
        };
        foreach (string argument in new[]
        {
            "--port", chosenPort.ToString(System.Globalization.CultureInfo.InvariantCulture), "--bind", "127.0.0.1",
            "--save", "", "--appendonly", "no", "--dir", directory.FullName, "--daemonize", "no",
        })
        {
            start.ArgumentList.Add(argument);
        }
        Process process = Process.Start(start) ?? throw new InvalidOperationException($"Could not start {executable}.");
        var server = new RedisServer(process, directory, chosenPort);
        process.OutputDataReceived += (_, e) => server.Capture(e.Data);
        process.ErrorDataReceived += (_, e) => server.Capture(e.Data);
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        try
        {
            server.WaitUntilReady();
            server.Connection = ConnectionMultiplexer.Connect(server.Configuration);
        }
        catch
        {
            server.Dispose();
            throw;
        }
        return server;
    }

    /// <summary>Closes the connection, kills the server and deletes its directory.</summary>
    public void Dispose()
    {
        // Not a graceful close: nothing is left to complete, and a dead server would not answer QUIT.
        Connection?.Close(allowCommandsToComplete: false);
        Connection?.Dispose();
        try
        {
            if (!_process.HasExited)
            {
                _process.Kill(entireProcessTree: true);
                _process.WaitForExit(5000);
            }
        }
        catch (InvalidOperationException)
        {
            // It exited on its own in between.
        }
        _process.Dispose();
        try
        {
            _directory.Delete(recursive: true);
        }
        catch (IOException)
        {
            // A leftover temp directory is harmless.
        }
    }

    private void Capture(string? line)
    {
        if (line is not null)
        {
            lock (_output)
            {
                _output.AppendLine(line);
            }
        }
    }

    private void WaitUntilReady()
    {
        var clock = Stopwatch.StartNew();
        while (true)
        {
            if (_process.HasExited)
            {
                throw new InvalidOperationException($"redis-server exited with code {_process.ExitCode} on port {Port}:\n{Output()}");
            }
            if (AnswersPing())
            {
                return;
            }
            if (clock.Elapsed > s_startTimeout)
            {
                throw new TimeoutException($"redis-server did not answer PING on port {Port} within {s_startTimeout.TotalSeconds} s:\n{Output()}");
            }
            Thread.Sleep(50);
        }
    }

    private bool AnswersPing()
    {
        try
        {
            using var client = new TcpClient();
            client.Connect(IPAddress.Loopback, Port);
            NetworkStream stream = client.GetStream();
            stream.ReadTimeout = 2000;
            stream.Write("PING\r\n"u8);
            var reply = new byte[7];
            int read = 0;
            while (read < reply.Length)
            {
                int n = stream.Read(reply, read, reply.Length - read);
                if (n == 0)
                {
                    return false;
                }
                read += n;
            }
            return reply.AsSpan().SequenceEqual("+PONG\r\n"u8);
        }
        catch (Exception e) when (e is SocketException or IOException)
        {
            return false;
        }
    }

    private string Output()
    {
        lock (_output)
        {
            return _output.ToString();
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }

    /// <summary>Set to 1 (or true): never install redis-server automatically; the cache tests then fail saying how to install it.</summary>
    public const string NoInstallVariable = "NFX_NO_INSTALL";

    /// <summary>False when <see cref="NoInstallVariable"/> is 1 or true: the automatic install is skipped.</summary>
    public static bool InstallAllowed() => Environment.GetEnvironmentVariable(NoInstallVariable) is not ("1" or "true" or "TRUE" or "True");

    /// <summary>
    /// Runs the repository's own .ci/install-deps (Debian's redis-server), so a plain `dotnet test` on a fresh machine
    /// needs nothing installed by hand. Returns false when the script is not found or fails.
    /// </summary>
    private static bool InstallWithProjectScript()
    {
        DirectoryInfo? root = new(AppContext.BaseDirectory);
        while (root is not null && !File.Exists(Path.Combine(root.FullName, "NFX.Slim.sln")))
        {
            root = root.Parent;
        }
        string? script = root is null ? null : Path.Combine(root.FullName, ".ci", "install-deps");
        if (script is null || !File.Exists(script))
        {
            return false;
        }
        using var install = Process.Start(new ProcessStartInfo("bash", [script]) { UseShellExecute = false, RedirectStandardOutput = true, RedirectStandardError = true });
        if (install is null)
        {
            return false;
        }
        _ = install.StandardOutput.ReadToEndAsync();
        _ = install.StandardError.ReadToEndAsync();
        return install.WaitForExit(TimeSpan.FromMinutes(10)) && install.ExitCode == 0;
    }

    /// <summary>NFX_REDIS_SERVER when set (a path), else redis-server on PATH or in the usual directories.</summary>
    private static string? FindExecutable()
    {
        string? chosen = Environment.GetEnvironmentVariable("NFX_REDIS_SERVER");
        if (!string.IsNullOrEmpty(chosen))
        {
            return File.Exists(chosen) ? chosen : null;
        }
        string[] directories = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries);
        foreach (string directory in directories.Concat(["/usr/bin", "/usr/local/bin", "/usr/sbin"]))
        {
            string candidate = Path.Combine(directory, "redis-server");
            if (File.Exists(candidate))
            {
                return candidate;
            }
        }
        return null;
    }
}
