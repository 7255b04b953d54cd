using System.Net;
using Akka.Actor;
using Akka.Configuration;
using Microsoft.Extensions.Caching.Distributed;
using Microsoft.Extensions.Caching.Memory;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using NFX.Glue;
using NFX.IO;
using NFX.Slim;
using NFX.Slim.Akka;
using NFX.Slim.Caching;
using NFX.Slim.Orleans;
using Orleans.Serialization;

// A new user's first program, built against the packages of the local feed only (no project references):
// every shipping library used once and every result checked, so a package missing a dependency, a type or a
// framework reference fails here.
var first = new Node { Name = "a" };
first.Next = new Node { Name = "b", Next = first };

var slim = new SlimSerializer();
Node copy = slim.Deserialize<Node>(slim.Serialize(first));
Check(copy.Next?.Next == copy && copy.Next.Name == "b", "Slim: a round trip keeps the cycle");
// The package's source generator ran in this build: Node's codec was written at build time, and writes the bytes the
// codec compiled at run time writes.
Check(NFX.Slim.Generated.SlimGeneratedCodecs.Contains(typeof(Node)), "Slim: the source generator in the package wrote Node's codec");
Check(slim.Serialize(first).AsSpan().SequenceEqual(new SlimSerializer(SlimOptions.Default with { UseGeneratedCodecs = false }).Serialize(first)),
    "Slim: the generated and the runtime codec write the same bytes");
Node clone = slim.DeepClone(first);
Check(!ReferenceEquals(clone, first) && clone.Next?.Next == clone, "Slim: DeepClone keeps the cycle");

using (var writer = new SlimWriter())
{
    writer.WriteInt32(-42);
    writer.WriteString("wire");
    var reader = new SlimReader(writer.ToArray());
    Check(reader.ReadInt32() == -42 && reader.ReadString() == "wire", "StreamerFormats: SlimWriter/SlimReader");
}

IDistributedCache cache = new MemoryDistributedCache(Options.Create(new MemoryDistributedCacheOptions()));
await cache.SetSlimAsync("node", first);
Node? hit = await cache.GetSlimAsync<Node>("node");
Check(hit?.Next?.Next == hit && hit?.Name == "a", "Slim.Caching: typed IDistributedCache helpers");

await using var server = new GlueServer(new GlueServerOptions { EndPoint = new IPEndPoint(IPAddress.Loopback, 0) });
server.Host<IGreeter>(new Greeter());
await server.StartAsync();
await using var client = new GlueClient(server.LocalEndPoint!, new GlueClientOptions());
string text = await client.GetProxy<IGreeter>().Hello("package");
Check(text == "hello package", "Glue: a call over loopback");

// The HOCON lines that make Slim Akka.NET's serializer (closing Akka's JSON one), and this program's type allowed.
Config akkaConfig = ConfigurationFactory.ParseString("""
    akka.actor.serializers { slim = "NFX.Slim.Akka.SlimAkkaSerializer, NFX.Slim.Akka", json = "NFX.Slim.Akka.ClosedJsonSerializer, NFX.Slim.Akka" }
    akka.actor.serialization-bindings { "System.Object" = slim }
    akka.actor.serialization-settings.slim.allowed-types = ["Node, SampleApp"]
    """);
using (ActorSystem actors = ActorSystem.Create("sample", akkaConfig))
{
    Akka.Serialization.Serializer akkaSerializer = actors.Serialization.FindSerializerFor(first);
    var fromAkka = (Node)akkaSerializer.FromBinary(akkaSerializer.ToBinary(first), typeof(Node));
    Check(akkaSerializer is SlimAkkaSerializer && fromAkka.Next?.Next == fromAkka, "Slim.Akka: Akka.NET's serializer keeps the cycle");
    await actors.Terminate();
}

// The line a silo's and a client's builder take to make Slim Orleans' fallback for types without [GenerateSerializer].
using (ServiceProvider orleans = new ServiceCollection()
    .AddSerializer(serializer => serializer.AddSlimSerializer(options => options.AllowedTypes.Add(typeof(Node))))
    .BuildServiceProvider())
{
    Serializer<Node> orleansSerializer = orleans.GetRequiredService<Serializer<Node>>();
    Node? fromOrleans = orleansSerializer.Deserialize(orleansSerializer.SerializeToArray(first));
    Check(fromOrleans is not null && fromOrleans.Next?.Next == fromOrleans, "Slim.Orleans: Orleans' serializer falls back to Slim and keeps the cycle");
}

Console.WriteLine("package sample: every check passed");
return 0;

static void Check(bool ok, string what)
{
    if (!ok)
    {
        Console.Error.WriteLine("package sample FAILED: " + what);
        Environment.Exit(1);
    }
    Console.WriteLine("ok: " + what);
}

public sealed class Node
{
    public string Name = "";
    public Node? Next;
}

[Glued]
public interface IGreeter
{
    Task<string> Hello(string name);
}

public sealed class Greeter : IGreeter
{
    public Task<string> Hello(string name) => Task.FromResult("hello " + name);
}
