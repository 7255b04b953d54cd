using System.Data;
using System.Diagnostics;
using System.Text;
using NFX.Slim;
using NFX.Tests.Slim;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Security;

/// <summary>The type policy's basics: an application type refused with how to allow it, each Allow rule, the deny-list
/// under AllowAll, and unknown assemblies never loaded.</summary>
public sealed partial class PolicyRuleTests
{
    [Test]
    public void Default_UnregisteredApplicationType_IsRefusedWithHowToAllow()
    {
        byte[] bytes = new SlimSerializer().Serialize(new Circle { R = 1 });
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => new SlimSerializer().Deserialize(bytes));
        Assert.That(error!.TypeName, Does.Contain("Circle"));
        Assert.That(error.Message, Does.Contain("AllowTypes"));
    }

    [Test]
    public void DeserializeOfT_AdmitsTypesReachableFromT()
    {
        var slim = new SlimSerializer();
        var drawing = new Drawing { Main = new Circle { R = 1 }, Pet = new Dog { Name = "d" } };
        byte[] bytes = slim.Serialize(drawing);
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(bytes));
        Drawing copy = slim.Deserialize<Drawing>(bytes);
        GraphAssert.AreEquivalent(drawing, copy);
    }

    [Test]
    public void PolicyCollections_StartEmpty_AndEachAllowAddsToItsOwn()
    {
        // The default policies hold their sets as null and build the public collections when asked: the same answers.
        Assert.That(SlimTypePolicy.Default.AllowedTypes, Is.Empty);
        Assert.That(SlimTypePolicy.AllowAll.AllowedAssemblies, Is.Empty);
        Assert.That(SlimTypePolicy.Default.AllowedNamespaces, Is.Empty);

        SlimTypePolicy policy = SlimTypePolicy.Default.AllowTypes(typeof(Circle)).AllowAssembly(typeof(Dog).Assembly)
            .AllowNamespace("A.B").AllowNamespace("C").AllowReflectionTypeValues();

        Assert.That(policy.AllowedTypes, Is.EquivalentTo(new[] { typeof(Circle) }));
        Assert.That(policy.AllowedAssemblies, Is.EquivalentTo(new[] { typeof(Dog).Assembly }));
        Assert.That(policy.AllowedNamespaces, Is.EqualTo(new[] { "A.B", "C" }));
        Assert.That(policy.AllowsReflectionTypes, Is.True);
        Assert.That(SlimTypePolicy.Default.AllowedNamespaces, Is.Empty, "the policies are immutable");
    }

    [Test]
    public void AllowTypes_AdmitsExactlyTheListedTypes()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Circle)) });
        Assert.That(slim.Deserialize(slim.Serialize(new Circle { R = 2 })), Is.TypeOf<Circle>());
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(slim.Serialize(new Square { Side = 2 })));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(slim.Serialize(new List<Square>())),
            "a safe collection of a refused element type is refused");
    }

    [Test]
    public void AllowNamespaceAndAssembly_AdmitTheirTypes()
    {
        var byNamespace = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Support") });
        Assert.That(byNamespace.Deserialize(byNamespace.Serialize(new Square())), Is.TypeOf<Square>());
        Assert.Throws<SlimTypeNotAllowedException>(() => byNamespace.Deserialize(byNamespace.Serialize(new Money("x", 1))));
        var byAssembly = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Money).Assembly) });
        Assert.That(byAssembly.Deserialize(byAssembly.Serialize(new Money("x", 1))), Is.TypeOf<Money>());
    }

    [Test]
    public void TypeValues_AreRefusedUnlessEnabled()
    {
        var slim = new SlimSerializer();
        byte[] bytes = slim.Serialize(typeof(string));
        Assert.Throws<SlimTypeNotAllowedException>(() => slim.Deserialize(bytes));
        var enabled = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowReflectionTypeValues() });
        Assert.That(enabled.Deserialize(bytes), Is.EqualTo(typeof(string)));
    }

    public static IEnumerable<object> Gadgets()
    {
        yield return new DataTable("t");
        yield return new DataSet("s");
        yield return new ProcessStartInfo("sh");
        yield return new FileInfo("/tmp/x");
        yield return new DirectoryInfo("/tmp");
    }

    [TestCaseSource(nameof(Gadgets))]
    public void AllowAll_DenyListedGadget_IsStillRefused(object gadget)
    {
        var trusted = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll });
        byte[] bytes;
        try
        {
            bytes = trusted.Serialize(new Holder { Value = gadget });
        }
        catch (SlimSerializationException)
        {
            // Some gadgets cannot even be written (they hold handles); craft the bytes by swapping a harmless name.
            bytes = SwapTypeName(trusted.Serialize(new Holder { Value = new Square() }), typeof(Square), gadget.GetType());
        }
        var error = Assert.Throws<SlimTypeNotAllowedException>(() => trusted.Deserialize(bytes));
        Assert.That(error!.Message, Does.Contain("deny-list"));
    }

    [Test]
    public void UnknownAssembly_IsRefusedWithoutLoadingIt()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll });
        byte[] bytes = slim.Serialize(new Square());
        byte[] crafted = Replace(bytes, "NFX.Slim.Tests", "Evil.Assembly1");
        int before = AppDomain.CurrentDomain.GetAssemblies().Length;
        var error = Assert.Throws<SlimUnknownTypeException>(() => slim.Deserialize(crafted));
        Assert.That(error!.AssemblyName, Is.EqualTo("Evil.Assembly1"));
        Assert.That(AppDomain.CurrentDomain.GetAssemblies().Any(a => a.GetName().Name == "Evil.Assembly1"), Is.False);
        Assert.That(AppDomain.CurrentDomain.GetAssemblies().Length, Is.EqualTo(before));
    }

    /// <summary>Rewrites one type's wire entry (name and assembly) into another's, re-encoding the length prefixes.</summary>
    internal static byte[] SwapTypeName(byte[] message, Type from, Type to)
    {
        byte[] a = Replace(message, from.FullName!, to.FullName!);
        int nameAt = a.AsSpan().IndexOf(Encoding.UTF8.GetBytes(to.FullName!));
        return Replace(a, from.Assembly.GetName().Name!, to.Assembly.GetName().Name!, nameAt);
    }

    /// <summary>Replaces a length-prefixed UTF-8 string inside a message and fixes the message's length header.</summary>
    internal static byte[] Replace(byte[] message, string oldValue, string newValue, int searchFrom = 0)
    {
        byte[] oldBytes = Encoding.UTF8.GetBytes(oldValue);
        byte[] newBytes = Encoding.UTF8.GetBytes(newValue);
        int at = message.AsSpan(searchFrom).IndexOf(oldBytes) is var found and >= 0 ? found + searchFrom : -1;
        Assert.That(at, Is.GreaterThan(0), $"'{oldValue}' not in message");
        Assert.That(oldBytes.Length + 1, Is.LessThan(128));
        Assert.That(newBytes.Length + 1, Is.LessThan(128));
        var payload = new List<byte>();
        int headerEnd = 4;
        while ((message[headerEnd] & 0x80) != 0)
        {
            headerEnd++;
        }
        headerEnd++;
        payload.AddRange(message[headerEnd..(at - 1)]);
        payload.Add((byte)(newBytes.Length + 1));
        payload.AddRange(newBytes);
        payload.AddRange(message[(at + oldBytes.Length)..]);
        var result = new List<byte> { message[0], message[1], message[2], message[3] };
        uint length = (uint)payload.Count;
        while (length >= 0x80)
        {
            result.Add((byte)(length | 0x80));
            length >>= 7;
        }
        result.Add((byte)length);
        result.AddRange(payload);
        return [.. result];
    }
}
