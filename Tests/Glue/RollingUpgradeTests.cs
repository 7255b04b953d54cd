using System.Diagnostics;
using System.Net;
using NFX.Glue;
using NFX.Tests.Support;

namespace NFX.Tests.Glue;

/// <summary>
/// A rolling upgrade across two processes, both ways round: this process runs release 2 of a contract's DTO assembly,
/// a child process runs release 1 (same assembly name, same type names; fields added, removed and widened, a DTO in a
/// cycle and one in an object-typed field), once as the client of this process's server and once as the server of
/// this process's client. Every call must succeed with the right values in both directions of the call (arguments and
/// results); a widened member flows from the new release to the old one when its value fits the old type, and is
/// refused, naming the member and the value, when it does not.
/// </summary>
public sealed class RollingUpgradeTests
{
    private static readonly TimeSpan s_childTimeout = TimeSpan.FromSeconds(120);

    [Test]
    public async Task ReleaseOneClient_ReleaseTwoServer_EveryCallSucceedsWithTheRightValues()
    {
        await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
        server.Host<Upgrade.IOrders>(new Upgrade.Service());
        await server.StartAsync();

        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the DTO assembly is built: {release1}");
        Assert.That(typeof(Upgrade.Order).GetField("Id")!.FieldType, Is.EqualTo(typeof(long)), "this process runs release 2");

        (int exitCode, string output) = await RunClientAsync(release1, server.LocalEndPoint!.Port);

        Assert.That(exitCode, Is.Zero, output);
        Assert.That(output, Does.StartWith("ok"));
    }

    [Test]
    public async Task ReleaseTwoClient_ReleaseOneServer_EveryCallSucceedsWithTheRightValues()
    {
        string release1 = ReleaseOnePath();
        Assert.That(File.Exists(release1), Is.True, $"release 1 of the DTO assembly is built: {release1}");
        using Process server = StartNode("server", release1);
        try
        {
            int port = await ReadPortAsync(server);
            await using var client = new GlueClient(new IPEndPoint(IPAddress.Loopback, port));
            Upgrade.IOrders orders = client.GetProxy<Upgrade.IOrders>();

            // Result old -> new: int and float widened, Aliases dropped, Currency and Zip at their initializers.
            Upgrade.Order order = await orders.Lookup(42).WaitAsync(s_childTimeout);
            Assert.That(order.Id, Is.EqualTo(42L));
            Assert.That(order.Weight, Is.EqualTo(2.5));
            Assert.That(order.Customer, Is.EqualTo("Acme"));
            Assert.That(order.Currency, Is.EqualTo("EUR"), "release 1 has no Currency: the initializer's value");
            Assert.That(order.Ship?.City, Is.EqualTo("Springfield"));
            Assert.That(order.Ship?.Zip, Is.EqualTo("00000"), "release 1 has no Zip: the initializer's value");
            Assert.That((order.Extra as Upgrade.Address)?.City, Is.EqualTo("Shelbyville"), "a DTO in an object-typed field");
            Assert.That(order.Parent, Is.SameAs(order), "a DTO in a cycle");

            // Arguments new -> old and the result back: Currency and Zip dropped by the server, Notes dropped on the way back.
            var mine = new Upgrade.Receipt
            {
                Code = "R-2", Currency = "CHF", Ship = new Upgrade.Address { City = "Capital", Zip = "99999" },
                Extra = new Upgrade.Address { City = "Ogdenville" },
            };
            mine.Self = mine;
            Upgrade.Receipt confirmed = await orders.Confirm(mine).WaitAsync(s_childTimeout);
            Assert.That(confirmed.Code, Is.EqualTo("R-2 confirmed"), "the release-1 server saw the right values");
            Assert.That(confirmed.Currency, Is.EqualTo("EUR"), "release 1 did not send it back: the initializer's value");
            Assert.That(confirmed.Ship!.City, Is.EqualTo("Capital"));
            Assert.That(confirmed.Ship.Zip, Is.EqualTo("00000"));
            Assert.That((confirmed.Extra as Upgrade.Address)?.City, Is.EqualTo("Ogdenville"));
            Assert.That(confirmed.Self, Is.SameAs(confirmed));

            Upgrade.Receipt issued = await orders.Issue("R-1").WaitAsync(s_childTimeout);
            Assert.That(issued.Code, Is.EqualTo("R-1"));
            Assert.That(issued.Self, Is.SameAs(issued));

            // A widened member flows back to release 1 when its value fits: the old build reads the long Id into its int.
            var widened = new Upgrade.Order { Id = 42, Customer = "Acme" };
            widened.Parent = widened;
            Assert.That(await orders.Inspect(widened).WaitAsync(s_childTimeout), Is.EqualTo("ok"));

            // One whose value does not fit is refused, naming the member and the value, and nothing is misread.
            var tooWide = new Upgrade.Order { Id = 1L << 40, Customer = "Acme" };
            tooWide.Parent = tooWide;
            GlueSerializationException? refused = await Assert.ThrowsAsync<GlueSerializationException>(() => orders.Inspect(tooWide).WaitAsync(s_childTimeout));
            Assert.That(refused!.Message, Does.Contain("Id").And.Contain("1099511627776"));
        }
        finally
        {
            server.StandardInput.Close();
            if (!server.WaitForExit(s_childTimeout))
            {
                server.Kill(entireProcessTree: true);
            }
        }
    }

    private static Process StartNode(params string[] arguments) =>
        DotnetChild.Start("NFX.Tests.UpgradeNode.dll", arguments, redirectInput: true);

    /// <summary>The port the release-1 server prints once it listens (bounded wait).</summary>
    private static async Task<int> ReadPortAsync(Process server)
    {
        using var timeout = new CancellationTokenSource(s_childTimeout);
        string? line;
        try
        {
            line = await server.StandardOutput.ReadLineAsync(timeout.Token);
        }
        catch (OperationCanceledException)
        {
            server.Kill(entireProcessTree: true);
            throw new AssertionException($"the release-1 server did not start within {s_childTimeout.TotalSeconds} s");
        }
        if (line is null || !line.StartsWith("port ", StringComparison.Ordinal))
        {
            throw new AssertionException($"the release-1 server did not start: {line}{await server.StandardError.ReadToEndAsync()}");
        }
        return int.Parse(line["port ".Length..], System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>Release 1's output folder, beside this test assembly's (same configuration).</summary>
    private static string ReleaseOnePath()
    {
        var output = new DirectoryInfo(AppContext.BaseDirectory.TrimEnd(Path.DirectorySeparatorChar));
        string configuration = output.Parent!.Name;
        string tests = output.Parent.Parent!.Parent!.FullName;
        return Path.Combine(tests, "..", "TestAssets", "GlueUpgrade", "DtoV1", "bin", configuration, output.Name, "NFX.Tests.UpgradeDto.dll");
    }

    private static Task<(int ExitCode, string Output)> RunClientAsync(string dto, int port) =>
        DotnetChild.RunAsync("NFX.Tests.UpgradeNode.dll", ["client", dto, port.ToString(System.Globalization.CultureInfo.InvariantCulture)], s_childTimeout);
}
