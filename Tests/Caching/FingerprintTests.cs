using System.Buffers.Binary;
using System.Security.Cryptography;
using System.Text;
using NFX.Slim.Caching;
using NFX.Tests.Caching.Support;

namespace NFX.Tests.Caching;

public sealed class FingerprintTests
{
    [Test]
    public void Describe_PinnedLayout_MatchesTheDocumentedCanonicalText()
    {
        // docs/FORMAT.md, "Cache values": changing this text changes every fingerprint (all cached values go stale).
        Assert.That(TypeLayoutFingerprint.Describe(typeof(PinnedLayout)), Is.EqualTo(
            "NFX.Tests.Caching.PinnedLayout{Count:System.Int32;Day:System.DayOfWeek:System.Int32;Grid:System.Int64[,];" +
            "Items:System.Collections.Generic.List`1<@0>;Maybe:System.Nullable`1<System.Int32>;Name:System.String}"));
    }

    [Test]
    public void Compute_IsSha256OfTheCanonicalTextFirst8BytesLittleEndian()
    {
        byte[] hash = SHA256.HashData(Encoding.UTF8.GetBytes(TypeLayoutFingerprint.Describe(typeof(PinnedLayout))));
        Assert.That(TypeLayoutFingerprint.Compute(typeof(PinnedLayout)), Is.EqualTo(BinaryPrimitives.ReadUInt64LittleEndian(hash)));
    }

    [Test]
    public void Describe_RecursiveType_RefersBackInsteadOfRecursing()
    {
        Assert.That(TypeLayoutFingerprint.Describe(typeof(TreeNode)), Is.EqualTo(
            "NFX.Tests.Caching.TreeNode{Children:System.Collections.Generic.List`1<@0>;Name:System.String;Parent:@0}"));
    }

    [Test]
    public void Describe_NonSerializedField_IsLeftOut()
    {
        Assert.That(TypeLayoutFingerprint.Describe(typeof(WithSkipped)), Is.EqualTo("NFX.Tests.Caching.WithSkipped{Kept:System.Int32}"));
    }

    [Test]
    public void Describe_FrameworkBaseType_CountsByNameOnly()
    {
        Assert.That(TypeLayoutFingerprint.Describe(typeof(CodedError)), Is.EqualTo(
            "NFX.Tests.Caching.CodedError{^System.InvalidOperationException;Code:System.Int32}"));
    }

    [Test]
    public void Describe_AutoPropertiesAndRecords_UseBackingFieldsInWireOrder()
    {
        Assert.That(TypeLayoutFingerprint.Describe(typeof(OrderLine)), Is.EqualTo(
            "NFX.Tests.Caching.OrderLine{<Price>k__BackingField:System.Decimal;<Quantity>k__BackingField:System.Int32;" +
            "<Sku>k__BackingField:System.String}"));
    }

    [Test]
    public void Compute_SameNameDifferentFieldType_Differs()
    {
        string assembly = "NFX.Tests.Versioned." + Guid.NewGuid().ToString("N");
        Type v1 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(int)));
        Type v2 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(long)));
        Assert.That(v1.AssemblyQualifiedName, Is.EqualTo(v2.AssemblyQualifiedName));
        Assert.That(TypeLayoutFingerprint.Compute(v1), Is.Not.EqualTo(TypeLayoutFingerprint.Compute(v2)));
    }

    [Test]
    public void Compute_SameNameFieldAdded_Differs()
    {
        string assembly = "NFX.Tests.Versioned." + Guid.NewGuid().ToString("N");
        Type v1 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)));
        Type v2 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Email", typeof(string)));
        Assert.That(TypeLayoutFingerprint.Compute(v1), Is.Not.EqualTo(TypeLayoutFingerprint.Compute(v2)));
    }

    [Test]
    public void Compute_SameLayoutInTwoLoads_IsEqual()
    {
        // Two loads of one definition (two processes, two machines) agree: nothing process-specific is hashed.
        string assembly = "NFX.Tests.Versioned." + Guid.NewGuid().ToString("N");
        Type first = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Tags", typeof(List<string>)));
        Type second = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Tags", typeof(List<string>)));
        Assert.That(first, Is.Not.SameAs(second));
        Assert.That(TypeLayoutFingerprint.Compute(first), Is.EqualTo(TypeLayoutFingerprint.Compute(second)));
    }
}
