using System.Diagnostics;
using System.Text;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Orleans.Model;
using NFX.Tests.Orleans.Support;
using NFX.Tests.Slim.Support;
using Orleans.Serialization;
using Orleans.Serialization.Configuration;
using Orleans.Serialization.TypeSystem;

namespace NFX.Tests.Orleans;

/// <summary>
/// Hostile type names in the codec's field 0, through Orleans' <c>Serializer&lt;object&gt;</c> (an array, a stream,
/// segments): each is refused with its exact Slim exception, within a few MB and well under a second, and no name makes
/// the process load an assembly (Orleans' converter, which would, sees only names that resolve among the loaded ones).
/// Names Orleans itself writes still resolve.
/// </summary>
public sealed class TypeNameInputTests
{
    // Shared-framework assemblies this test process has no reason to load: names that mention them must not load them.
    private static readonly string[] s_unloaded = ["System.Net.Mail", "System.Data.Common", "System.Formats.Tar", "System.Drawing.Primitives", "System.Transactions.Local"];

    private static IEnumerable<TestCaseData> HostileNames()
    {
        const string Node = "NFX.Tests.Orleans.Model.Node,NFX.Slim.Orleans.Tests";
        const string Box = "NFX.Tests.Orleans.Model.Box`1";
        string deepGeneric = string.Concat(Enumerable.Repeat("System.Collections.Generic.List`1[[", 400)) + "int" + string.Concat(Enumerable.Repeat("]]", 400));
        (string, string, Type)[] cases =
        [
            // Structure Orleans' parser and rewriter recurse on, or fail on with their own exceptions.
            ("8,000 array suffixes (16 KB)", "System.Int32" + string.Concat(Enumerable.Repeat("[]", 8000)), typeof(SlimFormatException)),
            ("an array of 8,000 dimensions", "System.Int32[" + new string(',', 7999) + "]", typeof(SlimFormatException)),
            ("generic arguments 400 deep", deepGeneric, typeof(SlimFormatException)),
            ("empty", "", typeof(SlimFormatException)),
            ("unterminated array suffix", "System.Int32[", typeof(SlimFormatException)),
            ("unterminated generic arguments", "System.Collections.Generic.List`1[[int]", typeof(SlimFormatException)),
            ("space before the assembly", "NFX.Tests.Orleans.Model.Node, NFX.Slim.Orleans.Tests", typeof(SlimFormatException)),
            ("trailing space", Node + " ", typeof(SlimFormatException)),
            ("a version after the assembly", Node + ",Version=1.0.0.0", typeof(SlimFormatException)),
            ("an arity over int", "System.Collections.Generic.List`99999999999[[int]]", typeof(SlimFormatException)),
            ("an arity over 64", "System.Collections.Generic.List`65", typeof(SlimFormatException)),
            ("a pointer", "int*", typeof(SlimFormatException)),
            ("a by-ref", "int&", typeof(SlimFormatException)),
            ("a compound alias", "(\"inv\",[int])", typeof(SlimFormatException)),
            ("fewer arguments than the arity", "System.Collections.Generic.Dictionary`2[[int]]", typeof(SlimFormatException)),
            ("an open generic", "System.Collections.Generic.List`1", typeof(SlimFormatException)),
            ("generic arguments twice", Box + "[[int]][[int]]", typeof(SlimFormatException)),
            ("a violated constraint", $"System.Nullable`1[[{Node}]]", typeof(SlimFormatException)),
            ("a byref-like element", "System.Span`1[[int]][]", typeof(SlimFormatException)),
            // Names of assemblies not loaded, forwarders, types the core library does not define.
            ("an unknown type", "NoSuch.Type,NFX.Slim.Orleans.Tests", typeof(SlimUnknownTypeException)),
            ("an unknown assembly", "NFX.Tests.Orleans.Model.Node,NoSuch.Assembly", typeof(SlimUnknownTypeException)),
            ("System.Net.Mail", "System.Net.Mail.MailMessage,System.Net.Mail", typeof(SlimUnknownTypeException)),
            ("System.Data.Common", "System.Data.DataTable,System.Data.Common", typeof(SlimUnknownTypeException)),
            ("System.Formats.Tar", "System.Formats.Tar.TarReader,System.Formats.Tar", typeof(SlimUnknownTypeException)),
            ("System.Transactions.Local", "System.Transactions.TransactionScope,System.Transactions.Local", typeof(SlimUnknownTypeException)),
            ("System.Drawing.Primitives", "System.Drawing.Color,System.Drawing.Primitives", typeof(SlimUnknownTypeException)),
            ("System.Drawing.Common (not installed)", "System.Drawing.Bitmap,System.Drawing.Common", typeof(SlimUnknownTypeException)),
            ("a forwarder of netstandard", "System.Net.Mail.MailMessage,netstandard", typeof(SlimUnknownTypeException)),
            ("a forwarder of System.Runtime", "System.Transactions.TransactionScope,System.Runtime", typeof(SlimUnknownTypeException)),
            ("no assembly, not the core library's", "System.Data.DataTable", typeof(SlimUnknownTypeException)),
            ("an unloaded generic argument", "System.Collections.Generic.List`1[[System.Formats.Tar.TarReader,System.Formats.Tar]]", typeof(SlimUnknownTypeException)),
            // Types that resolve but that the codec does not carry, or Slim's policy does not admit.
            ("a framework type", "System.Text.StringBuilder", typeof(SlimTypeNotAllowedException)),
            ("a framework type of a loaded assembly", "System.Xml.XmlDocument,System.Private.Xml", typeof(SlimTypeNotAllowedException)),
            ("a refused generic argument", Box + "[[System.Text.StringBuilder]],NFX.Slim.Orleans.Tests", typeof(SlimTypeNotAllowedException)),
        ];
        foreach ((string label, string name, Type expected) in cases)
        {
            yield return new TestCaseData(Encoding.UTF8.GetBytes(name), expected).SetArgDisplayNames(label);
        }
        yield return new TestCaseData(new byte[] { 0x4E, 0xC3, 0x28 }, typeof(SlimFormatException)).SetArgDisplayNames("invalid UTF-8");
    }

    [TestCaseSource(nameof(HostileNames))]
    public void HostileName_RefusedWithItsExceptionAndTheOffset_NothingLoaded(byte[] name, Type expected)
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        byte[] valid = serializer.SerializeToArray(new Node { Name = "x" });
        byte[] nodeName = Encoding.UTF8.GetBytes(services.GetRequiredService<TypeConverter>().Format(typeof(Node)));
        byte[] forged = OrleansWire.WithContent(valid, nodeName, name);
        int nameAt = valid.AsSpan().IndexOf(nodeName) - 1;
        // Warm up what the refusals themselves use (metadata reading, the exception types), then take the precondition.
        Assert.Catch(() => serializer.Deserialize(OrleansWire.WithContent(valid, nodeName, "NoSuch.Type,NFX.Slim.Orleans.Tests"u8)));
        string[] before = LoadedAssemblies();
        Assert.That(before, Has.None.AnyOf(s_unloaded), "test set-up: an assembly the names mention is loaded already");

        foreach ((string input, Func<object?> read) in new (string, Func<object?>)[]
        {
            ("array", () => serializer.Deserialize(forged)),
            ("stream", () => serializer.Deserialize(new MemoryStream(forged))),
            ("segments", () => serializer.Deserialize(Segment.Split(forged, 5))),
        })
        {
            long allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long start = Stopwatch.GetTimestamp();
            Exception? e = SlimSerializers.Thrown(read);
            TimeSpan elapsed = Stopwatch.GetElapsedTime(start);
            long allocated = GC.GetAllocatedBytesForCurrentThread() - allocatedBefore;

            Assert.That(e, Is.TypeOf(expected), $"{input}: {e}");
            if (e is not SlimTypeNotAllowedException)
            {
                Assert.That(e!.Message, Does.Contain($"offset {nameAt}"), input);
            }
            Assert.That(allocated, Is.LessThan(4 << 20), $"{input}: {allocated:N0} bytes allocated");
            Assert.That(elapsed, Is.LessThan(TimeSpan.FromSeconds(2)), input);
        }
        Assert.That(LoadedAssemblies(), Is.EquivalentTo(before), "a name made the process load an assembly");
    }

    [Test]
    public void NamesOrleansWrites_ResolveToTheirTypes()
    {
        using ServiceProvider services = SlimSerializers.Services();
        TypeConverter converter = services.GetRequiredService<TypeConverter>();
        var resolver = new LoadedTypeResolver(services.GetRequiredService<IOptions<TypeManifestOptions>>().Value.WellKnownTypeAliases);
        Type[] types =
        [
            typeof(Node), typeof(Box<int>), typeof(Box<Dictionary<string, Node[]>>), typeof(Box<int>.Inner), typeof(Node[][]),
            typeof(Box<int[,]>), typeof(Box<Point?>), typeof(Acme.Driver.DriverException), typeof(Box<(int, string)>),
            typeof(Box<Box<Box<Guid>>>), typeof(SlimTypeNotAllowedException),
        ];
        foreach (Type type in types)
        {
            string name = converter.Format(type);
            Assert.That(resolver.Resolve(OrleansTypeName.Parse(name, 0), 0), Is.EqualTo(type), name);
        }
    }

    [Test]
    public void GenericValue_RoundTripsThroughTheCodec()
    {
        using ServiceProvider services = SlimSerializers.Services();
        Serializer<object> serializer = services.GetRequiredService<Serializer<object>>();
        Node ring = Node.Ring(2);
        var box = new Box<Dictionary<string, Node[]>> { Value = new() { ["ring"] = [ring, ring.Next!] } };
        var nested = new Box<int>.Inner { Item = 42 };

        GraphAssert.AreEquivalent(box, serializer.Deserialize(serializer.SerializeToArray(box)));
        GraphAssert.AreEquivalent(nested, serializer.Deserialize(serializer.SerializeToArray(nested)));
    }

    private static string[] LoadedAssemblies() => [.. AppDomain.CurrentDomain.GetAssemblies().Select(a => a.GetName().Name!)];
}
