using System.Diagnostics;
using System.Text.Json.Nodes;
using NFX.Tests.Support;

namespace NFX.Tests.Generators;

/// <summary>
/// The NativeAOT sample (Tests/TestAssets/AotSample) as its builds run it: the JIT build, the same build with dynamic code
/// switched off (the paths a native app takes: generated codecs, registered instantiations, generated Glue proxies and
/// dispatch only), the same build with the switch a trimmed app gets from the NFX.Slim package
/// (NFX.Slim.RuntimeCodecs.IsSupported off) and, when NFX_AOT_SAMPLE names a native build (.ci/aot-check publishes one),
/// the native program. Each prints the hex of every message (HybridCache's value among them) and checks every result
/// whole; the bytes must be equal and each build reads the others'. A Glue server of one build is called by a client of
/// the other.
/// </summary>
[NonParallelizable] // child processes on both cores
public sealed class AotSampleTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(2);

    [Test]
    public Task Run_WithoutDynamicCode_WritesTheJitBytesAndEachReadsTheOthers() =>
        AssertRunsLikeTheJit(NoDynamicCodeConfig);

    [Test]
    public Task Run_RuntimeCodecsSwitchedOff_WritesTheJitBytesAndEachReadsTheOthers() =>
        AssertRunsLikeTheJit(work => ConfigWith(work, "trimmed", RuntimeCodecsSwitch, false));

    /// <summary>
    /// The JIT build's run and a run under the runtime config <paramref name="config"/> makes: both succeed, print the
    /// same four messages (apiary, queen, log, cache-apiary), and each reads the other's.
    /// </summary>
    private static async Task AssertRunsLikeTheJit(Func<string, string> config)
    {
        string work = Directory.CreateTempSubdirectory("nfx-aot-sample").FullName;
        try
        {
            string other = config(work);
            (int jitExit, string jit) = await Run(SampleDll(), null, "run");
            (int otherExit, string otherOutput) = await Run(SampleDll(), other, "run");

            Assert.That((jitExit, Last(jit)), Is.EqualTo((0, "ok")), jit);
            Assert.That((otherExit, Last(otherOutput)), Is.EqualTo((0, "ok")), otherOutput);
            Assert.That(Messages(otherOutput), Is.EqualTo(Messages(jit)));
            Assert.That(Messages(jit), Has.Count.EqualTo(4), "apiary, queen, log, cache-apiary");
            await AssertReads(SampleDll(), null, work, otherOutput);
            await AssertReads(SampleDll(), other, work, jit);
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    [Test]
    public async Task Read_RuntimeCodecsSwitchedOff_RefusesAGenericTypeNotCompiledInNamingTheSwitchAndTheLine()
    {
        string work = Directory.CreateTempSubdirectory("nfx-aot-sample").FullName;
        try
        {
            // A collection the sample never declares: the JIT build makes its codec at run time, a trimmed app cannot.
            byte[] bytes = new NFX.Slim.SlimSerializer().Serialize((object)new Queue<DateOnly>([new DateOnly(2026, 11, 29)]));
            string file = Path.Combine(work, "queue.txt");
            await File.WriteAllTextAsync(file, $"msg log {Convert.ToHexString(bytes)}\n");
            (int exit, string output) = await Run(SampleDll(), ConfigWith(work, "trimmed", RuntimeCodecsSwitch, false), "read", file);

            Assert.That(exit, Is.EqualTo(1), output);
            Assert.That(output, Does.Contain("System.Collections.Generic.Queue<System.DateOnly>"));
            Assert.That(output, Does.Contain("the switch NFX.Slim.RuntimeCodecs.IsSupported is off"));
            Assert.That(output, Does.Contain("[assembly: SlimSerializable(typeof(System.Collections.Generic.Queue<System.DateOnly>))]"));
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    [Test]
    public async Task ServeAndCall_JitAndWithoutDynamicCode_EachCallsTheOtherAndChecksEveryResult()
    {
        string work = Directory.CreateTempSubdirectory("nfx-aot-sample").FullName;
        try
        {
            string noDynamicCode = NoDynamicCodeConfig(work);
            // A Glue server in one process called by a client in another, each way between the JIT build and the paths a
            // native app takes (generated proxy and dispatch, registered argument packs, generated codecs only).
            foreach ((string? server, string? client) in new[] { ((string?)null, noDynamicCode), (noDynamicCode, (string?)null) })
            {
                using Process serving = StartServer(SampleDll(), server);
                try
                {
                    int port = await ListeningPort(serving);
                    (int exit, string output) = await Run(SampleDll(), client, "call", port.ToString(System.Globalization.CultureInfo.InvariantCulture));

                    Assert.That((exit, Last(output)), Is.EqualTo((0, "ok")), $"server {(server is null ? "JIT" : "without dynamic code")}: {output}");
                }
                finally
                {
                    serving.Kill(entireProcessTree: true);
                    await serving.WaitForExitAsync();
                }
            }
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    [Test]
    public async Task Run_NativeBuild_WritesTheJitBytesAndEachReadsTheOthers()
    {
        string? native = Environment.GetEnvironmentVariable("NFX_AOT_SAMPLE");
        if (string.IsNullOrEmpty(native) || !File.Exists(native))
        {
            Assert.Ignore("NFX_AOT_SAMPLE names no native build of the sample (.ci/aot-check publishes and compares one)");
        }
        string work = Directory.CreateTempSubdirectory("nfx-aot-sample").FullName;
        try
        {
            (int jitExit, string jit) = await Run(SampleDll(), null, "run");
            (int nativeExit, string nativeOutput) = await RunNative(native!, "run");

            Assert.That((jitExit, nativeExit), Is.EqualTo((0, 0)), jit + nativeOutput);
            Assert.That(Messages(nativeOutput), Is.EqualTo(Messages(jit)));
            await AssertReads(SampleDll(), null, work, nativeOutput);
            string file = Path.Combine(work, "jit.txt");
            await File.WriteAllTextAsync(file, jit);
            (int readExit, string read) = await RunNative(native!, "read", file);
            Assert.That((readExit, Last(read)), Is.EqualTo((0, "ok")), read);
        }
        finally
        {
            Directory.Delete(work, recursive: true);
        }
    }

    private static async Task AssertReads(string dll, string? runtimeConfig, string work, string otherOutput)
    {
        string file = Path.Combine(work, Guid.NewGuid().ToString("N") + ".txt");
        await File.WriteAllTextAsync(file, otherOutput);
        (int exit, string output) = await Run(dll, runtimeConfig, "read", file);
        Assert.That((exit, Last(output)), Is.EqualTo((0, "ok")), output);
    }

    private static List<string> Messages(string output) => [.. output.Split('\n').Select(line => line.Trim()).Where(line => line.StartsWith("msg ", StringComparison.Ordinal))];

    private static string Last(string output) => output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).LastOrDefault() ?? "";

    /// <summary>The sample's JIT build, built by the solution in the configuration these tests were built in.</summary>
    private static string SampleDll()
    {
        string configuration = new DirectoryInfo(AppContext.BaseDirectory).Parent!.Name;
        for (DirectoryInfo? dir = new(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            string dll = Path.Combine(dir.FullName, "Tests", "TestAssets", "AotSample", "bin", configuration, "net10.0", "AotSample.dll");
            if (File.Exists(Path.Combine(dir.FullName, "NFX.Slim.sln")))
            {
                return File.Exists(dll) ? dll : throw new AssertionException($"the sample is built by the solution: {dll}");
            }
        }
        throw new AssertionException("NFX.Slim.sln not found above " + AppContext.BaseDirectory);
    }

    /// <summary>The switch the NFX.Slim package turns off in a trimmed or NativeAOT app (buildTransitive/NFX.Slim.targets).</summary>
    private const string RuntimeCodecsSwitch = "NFX.Slim.RuntimeCodecs.IsSupported";

    /// <summary>The sample's runtime configuration with dynamic code switched off, as the JIT build of a PublishAot app has it.</summary>
    private static string NoDynamicCodeConfig(string work) =>
        ConfigWith(work, "no-dynamic-code", "System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported", false);

    /// <summary>The sample's runtime configuration with one more property, written to <paramref name="work"/>.</summary>
    private static string ConfigWith(string work, string name, string property, bool value)
    {
        string source = Path.ChangeExtension(SampleDll(), ".runtimeconfig.json");
        JsonNode config = JsonNode.Parse(File.ReadAllText(source))!;
        JsonNode options = config["runtimeOptions"]!;
        options["configProperties"] ??= new JsonObject();
        options["configProperties"]![property] = value;
        string path = Path.Combine(work, $"AotSample.{name}.runtimeconfig.json");
        File.WriteAllText(path, config.ToJsonString());
        return path;
    }

    private static Task<(int, string)> Run(string dll, string? runtimeConfig, params string[] arguments)
    {
        var start = new ProcessStartInfo(DotnetChild.Host());
        start.ArgumentList.Add("exec");
        if (runtimeConfig is not null)
        {
            start.ArgumentList.Add("--runtimeconfig");
            start.ArgumentList.Add(runtimeConfig);
        }
        start.ArgumentList.Add(dll);
        return Start(start, arguments);
    }

    /// <summary>The sample's <c>serve 0</c> (any free port), stopping itself after two minutes if nobody kills it.</summary>
    private static Process StartServer(string dll, string? runtimeConfig)
    {
        var start = new ProcessStartInfo(DotnetChild.Host());
        start.ArgumentList.Add("exec");
        if (runtimeConfig is not null)
        {
            start.ArgumentList.Add("--runtimeconfig");
            start.ArgumentList.Add(runtimeConfig);
        }
        foreach (string argument in new[] { dll, "serve", "0", "120" })
        {
            start.ArgumentList.Add(argument);
        }
        start.RedirectStandardOutput = true;
        start.UseShellExecute = false;
        return Process.Start(start) ?? throw new AssertionException("could not start the sample's server");
    }

    /// <summary>The port of the server's first line, <c>listening PORT</c>.</summary>
    private static async Task<int> ListeningPort(Process server)
    {
        using var limit = new CancellationTokenSource(Timeout);
        string? line = await server.StandardOutput.ReadLineAsync(limit.Token);
        string[] parts = line?.Split(' ') ?? [];
        return parts is ["listening", var port] ? int.Parse(port, System.Globalization.CultureInfo.InvariantCulture)
            : throw new AssertionException($"the server said '{line}', not 'listening PORT'");
    }

    private static Task<(int, string)> RunNative(string program, params string[] arguments) => Start(new ProcessStartInfo(program), arguments);

    private static async Task<(int, string)> Start(ProcessStartInfo start, string[] arguments)
    {
        foreach (string argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        using Process child = Process.Start(start) ?? throw new AssertionException("could not start " + start.FileName);
        Task<string> output = child.StandardOutput.ReadToEndAsync();
        Task<string> errors = child.StandardError.ReadToEndAsync();
        using var limit = new CancellationTokenSource(Timeout);
        try
        {
            await child.WaitForExitAsync(limit.Token);
        }
        catch (OperationCanceledException)
        {
            child.Kill(entireProcessTree: true);
            throw new AssertionException($"{start.FileName} did not finish within {Timeout.TotalSeconds} s");
        }
        return (child.ExitCode, (await output) + (await errors));
    }
}
