using System.Buffers;
using System.Buffers.Binary;
using Microsoft.Extensions.Logging;
using NFX.Slim;
using NFX.Slim.Caching;
using NFX.Tests.CacheProbe;
using NFX.Tests.Caching.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Caching;

public sealed class CodecTests
{
    private ListLogger _log = null!;
    private SlimCacheCodec _codec = null!;

    [SetUp]
    public void SetUp()
    {
        _log = new ListLogger();
        _codec = new SlimCacheCodec(new SlimCacheOptions(), _log);
    }

    [Test]
    public void Serialize_GraphWithCyclesAndPolymorphism_RoundTripsEqual()
    {
        Team team = ProbeGraph.Build();
        Team copy = _codec.Deserialize<Team>(_codec.Serialize(team).AsMemory());
        GraphAssert.AreEquivalent(team, copy);
        Assert.That(copy.Members[0].Team, Is.SameAs(copy));
        Assert.That(copy.Mascot, Is.SameAs(copy.Members[1].Pets[0]));
    }

    [Test]
    public void Serialize_Header_IsMagicVersionFingerprintChecksumThenSlimMessage()
    {
        byte[] bytes = _codec.Serialize(new TreeNode { Name = "root" });
        ulong fingerprint = TypeLayoutFingerprint.Compute(typeof(TreeNode));
        byte[] message = new SlimSerializer().Serialize(new TreeNode { Name = "root" });
        Assert.That(bytes[..3], Is.EqualTo(new byte[] { (byte)'S', (byte)'C', 2 }));
        Assert.That(BinaryPrimitives.ReadUInt64LittleEndian(bytes.AsSpan(3, 8)), Is.EqualTo(fingerprint));
        Assert.That(BinaryPrimitives.ReadUInt64LittleEndian(bytes.AsSpan(11, 8)),
            Is.EqualTo(System.IO.Hashing.XxHash3.HashToUInt64(message, unchecked((long)fingerprint))));
        Assert.That(bytes[19..], Is.EqualTo(message));
        Assert.That(bytes, Is.EqualTo(CacheValueBytes.Stamp(message, fingerprint)));
    }

    [Test]
    public void Serialize_String_GoldenBytes()
    {
        // docs/FORMAT.md, "Cache values": the same bytes, spelled out there.
        const string golden = "5343 02 7BE15EEA31A4F99C ECB60E1DFE2A4C06 534C02000A35772418290201036869";
        byte[] bytes = _codec.Serialize("hi");
        Assert.That(Convert.ToHexString(bytes), Is.EqualTo(golden.Replace(" ", "", StringComparison.Ordinal)));
        Assert.That(_codec.Deserialize<string>(Convert.FromHexString(golden.Replace(" ", "", StringComparison.Ordinal)).AsMemory()), Is.EqualTo("hi"));
    }

    [Test]
    public void Deserialize_ValueStoredWithMessageFormatVersion1_StillReads()
    {
        // A value stored before the message format's version 2 (depth-first bodies): its content is a version 1 message.
        const string stored = "5343 02 7BE15EEA31A4F99C 60CDD703F0757C3F 534C01000A35772418290201036869";
        Assert.That(_codec.Deserialize<string>(Convert.FromHexString(stored.Replace(" ", "", StringComparison.Ordinal)).AsMemory()), Is.EqualTo("hi"));
    }

    [Test]
    public void Deserialize_MultiSegmentSequence_ReadsTheValue()
    {
        var order = new Order(7, "ann") { Lines = [new OrderLine("a", 2, 1.5m), new OrderLine("b", 1, 10m)], Placed = DateTime.UnixEpoch };
        byte[] bytes = _codec.Serialize(order);
        Order copy = _codec.Deserialize<Order>(NFX.Tests.Support.Sequences.Split(bytes, 5));
        GraphAssert.AreEquivalent(order, copy);
    }

    [Test]
    public void TryDeserialize_CorruptMessage_IsMissWithWarningLogged()
    {
        byte[] bytes = _codec.Serialize(ProbeGraph.Build());
        for (int i = CacheHeaderSize + 6; i < bytes.Length; i += 3)
        {
            bytes[i] ^= 0x5A;
        }
        bool found = _codec.TryDeserialize(bytes.AsMemory(), "team:1", out Team? value);
        Assert.That(found, Is.False);
        Assert.That(value, Is.Null);
        LogEntry entry = _log.Entries.Single();
        Assert.That(entry.Level, Is.EqualTo(LogLevel.Warning));
        Assert.That(entry.EventId.Id, Is.EqualTo(8001));
        Assert.That(entry.Message, Does.Contain("'team:1'").And.Contain(typeof(Team).FullName!).And.Contain("(Corrupt)").And.Contain("treated as a miss"));
    }

    [Test]
    public void TryDeserialize_IntactChecksumOverABadMessage_IsMalformedMiss()
    {
        byte[] message = new SlimSerializer().Serialize(ProbeGraph.Build());
        for (int i = 6; i < message.Length; i += 3)
        {
            message[i] ^= 0x5A;
        }
        byte[] bytes = CacheValueBytes.Stamp(message, _codec.FingerprintOf(typeof(Team)));
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "team:1", out Team? _), Is.False);
        LogEntry entry = _log.Entries.Single();
        Assert.That(entry.Message, Does.Contain("(Malformed)"));
        Assert.That(entry.Exception, Is.InstanceOf<SlimException>());
    }

    [Test]
    public void Deserialize_EveryBitFlipped_IsCorruptOrAHeaderProblemNeverAValue()
    {
        Team team = ProbeGraph.Build();
        byte[] bytes = _codec.Serialize(team);
        var problems = new Dictionary<SlimCacheValueProblem, int>();
        for (int bit = 0; bit < bytes.Length * 8; bit++)
        {
            bytes[bit / 8] ^= (byte)(1 << (bit % 8));
            try
            {
                Team read = _codec.Deserialize<Team>(bytes.AsMemory());
                Assert.Fail($"flipping bit {bit % 8} of byte {bit / 8} still read a value: {GraphAssert.FindDifference(team, read) ?? "an equal one"}");
            }
            catch (SlimCacheValueException e)
            {
                SlimCacheValueProblem expected = (bit / 8) switch
                {
                    < 2 => SlimCacheValueProblem.NotACacheValue,
                    // 02 -> 03 names the tolerant form, whose checksum is seeded differently: Corrupt.
                    2 => bit % 8 == 0 ? SlimCacheValueProblem.Corrupt : SlimCacheValueProblem.UnsupportedVersion,
                    _ => SlimCacheValueProblem.Corrupt,
                };
                Assert.That(e.Problem, Is.EqualTo(expected), $"bit {bit % 8} of byte {bit / 8}");
                problems[e.Problem] = problems.GetValueOrDefault(e.Problem) + 1;
            }
            bytes[bit / 8] ^= (byte)(1 << (bit % 8));
        }
        Assert.That(problems[SlimCacheValueProblem.Corrupt], Is.EqualTo((bytes.Length - 3) * 8 + 1), "every bit from offset 3 on, and the 02 -> 03 version flip");
        GraphAssert.AreEquivalent(team, _codec.Deserialize<Team>(bytes.AsMemory()));
    }

    [Test]
    public void TryDeserialize_EveryTruncation_IsMissNeverAnException()
    {
        byte[] bytes = _codec.Serialize(ProbeGraph.Build());
        for (int length = 0; length < bytes.Length; length++)
        {
            Assert.That(_codec.TryDeserialize(bytes.AsMemory(0, length), "k", out Team? _), Is.False, $"length {length}");
        }
        IReadOnlyList<LogEntry> entries = _log.Entries;
        Assert.That(entries, Has.Count.EqualTo(bytes.Length));
        Assert.That(entries.Take(CacheHeaderSize).Select(e => e.Message), Has.All.Contain("(NotACacheValue)"));
        Assert.That(entries.Skip(CacheHeaderSize).Select(e => e.Message), Has.All.Contain("(Corrupt)"));
    }

    [Test]
    public void TryDeserialize_TypeOutsidePolicy_IsMissAndNothingOfItIsBuilt()
    {
        byte[] bytes = _codec.Serialize(new Envelope { Label = "x", Content = new Outsider() });
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "env", out Envelope? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(TypeNotAllowed)").And.Contain(nameof(Outsider)));
        // The same value is fine once the policy allows the type.
        var allowing = new SlimCacheCodec(new SlimCacheOptions
        {
            Serializer = SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(Outsider)) },
        });
        Assert.That(allowing.TryDeserialize(bytes.AsMemory(), "env", out Envelope? read), Is.True);
        Assert.That(read!.Content, Is.InstanceOf<Outsider>());
    }

    [Test]
    public void TryDeserialize_AlteredFingerprint_IsCorruptMiss()
    {
        byte[] bytes = _codec.Serialize(new TreeNode { Name = "n" });
        bytes[5] ^= 0x01;
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "node", out TreeNode? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(Corrupt)"), "the checksum is seeded with the fingerprint");
    }

    [Test]
    public void TryDeserialize_OtherFingerprintWithMatchingChecksum_IsStaleMiss()
    {
        byte[] bytes = CacheValueBytes.Restamp(_codec.Serialize(new TreeNode { Name = "n" }), fingerprint: 42);
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "node", out TreeNode? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(LayoutChanged)").And.Contain("000000000000002A"));
    }

    [Test]
    public void TryDeserialize_ValueWrittenForAnotherType_IsStaleMiss()
    {
        byte[] bytes = _codec.Serialize(new TreeNode { Name = "n" });
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "node", out Order? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(LayoutChanged)"));
    }

    [Test]
    public void TryDeserialize_OldLayoutOfTheSameType_IsStaleMissNotGarbage()
    {
        // Deploy 1 writes Shop.Customer { Name, Age:int }; deploy 2 has Shop.Customer { Name, Age:long, Email }.
        string assembly = "NFX.Tests.Versioned." + Guid.NewGuid().ToString("N");
        Type v1 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(int)));
        object written = VersionedTypes.Create(v1, ("Name", "ann"), ("Age", 41));
        byte[] bytes = SerializeAs(v1, written);

        // Deploy 1 itself reads its value back.
        object? sameDeploy = ReadAs(v1, bytes);
        Assert.That(sameDeploy, Is.Not.Null);
        Assert.That(v1.GetField("Age")!.GetValue(sameDeploy), Is.EqualTo(41));

        Type v2 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(long)), ("Email", typeof(string)));
        Assert.That(v2.FullName, Is.EqualTo(v1.FullName));
        Assert.That(ReadAs(v2, bytes), Is.Null);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(LayoutChanged)").And.Contain("Shop.Customer"));
    }

    [Test]
    public void TryDeserialize_TolerantValueAfterADeploy_IsAHitWithDefaults()
    {
        // Deploy 1 writes Shop.Customer { Name, Age:int, Legacy } with a version-tolerant codec; deploy 2 has
        // Shop.Customer { Name, Age:long, Email }. Both builds are loaded in this one test process, so the reader maps the
        // name to its own build explicitly, as a deploy-2 process (where only that build exists) resolves it by itself.
        string assembly = "NFX.Tests.Versioned." + Guid.NewGuid().ToString("N");
        Type v1 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(int)), ("Legacy", typeof(string)));
        var tolerant = new SlimCacheOptions() with { Serializer = SlimOptions.Default with { Versioning = SlimVersioning.Tolerant } };
        var writer = new SlimCacheCodec(tolerant, _log);
        byte[] bytes = (byte[])typeof(SlimCacheCodec).GetMethods()
            .Single(m => m.Name == nameof(SlimCacheCodec.Serialize) && m.GetParameters().Length == 1)
            .MakeGenericMethod(v1).Invoke(writer, [VersionedTypes.Create(v1, ("Name", "ann"), ("Age", 41), ("Legacy", "x"))])!;

        Type v2 = VersionedTypes.Build(assembly, "Shop.Customer", ("Name", typeof(string)), ("Age", typeof(long)), ("Email", typeof(string)));
        var reader = new SlimCacheCodec(tolerant with
        {
            Serializer = tolerant.Serializer with { FormerNames = [new SlimFormerName("Shop.Customer", v2, assembly)] },
        }, _log);
        var arguments = new object?[] { new ReadOnlySequence<byte>(bytes), "customer:1", null };
        bool hit = (bool)typeof(SlimCacheCodec).GetMethods()
            .Single(m => m.Name == nameof(SlimCacheCodec.TryDeserialize) && m.GetParameters()[0].ParameterType.GetElementType() == typeof(ReadOnlySequence<byte>))
            .MakeGenericMethod(v2).Invoke(reader, arguments)!;

        Assert.That(hit, Is.True, string.Join("; ", _log.Entries.Select(e => e.Message)));
        Assert.That(v2.GetField("Name")!.GetValue(arguments[2]), Is.EqualTo("ann"));
        Assert.That(v2.GetField("Age")!.GetValue(arguments[2]), Is.EqualTo(41L));
        Assert.That(v2.GetField("Email")!.GetValue(arguments[2]), Is.Null);
        Assert.That(bytes[2], Is.EqualTo(3), "a tolerant value says so in its header version");
    }

    [Test]
    public void TryDeserialize_NotACacheValue_IsMiss()
    {
        byte[] slimOnly = new SlimSerializer().Serialize(new TreeNode());
        Assert.That(_codec.TryDeserialize(slimOnly.AsMemory(), "raw", out TreeNode? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(NotACacheValue)"));
    }

    [Test]
    public void TryDeserialize_UnknownVersion_IsMiss()
    {
        byte[] bytes = _codec.Serialize(new TreeNode());
        bytes[2] = 9;
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "v", out TreeNode? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(UnsupportedVersion)"));
    }

    [Test]
    public void TryDeserialize_ThrowOnInvalidValue_ThrowsWithTheProblemAndLogsOneWarning()
    {
        var strict = new SlimCacheCodec(new SlimCacheOptions { ThrowOnInvalidValue = true }, _log);
        byte[] bytes = strict.Serialize(new TreeNode());
        var e = Assert.Throws<SlimCacheValueException>(() => strict.TryDeserialize(bytes.AsMemory(), "k", out Order? _))!;
        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.LayoutChanged));
        Assert.That(e.ValueType, Is.EqualTo(typeof(Order)));
        Assert.That(_log.Entries.Single().Message, Does.Contain("'k'").And.Contain("thrown to the caller"));
    }

    [Test]
    public void Options_ChangedAfterTheCodecWasCreated_ChangeNothing()
    {
        var options = new SlimCacheOptions();
        var codec = new SlimCacheCodec(options, _log);
        options.ThrowOnInvalidValue = true;
        Assert.That(codec.Options.ThrowOnInvalidValue, Is.False);
        Assert.That(codec.TryDeserialize("junk"u8.ToArray().AsMemory(), "k", out Order? _), Is.False);
    }

    [Test]
    public void Deserialize_Invalid_AlwaysThrowsSlimCacheValueException()
    {
        var e = Assert.Throws<SlimCacheValueException>(() => _codec.Deserialize<TreeNode>(new byte[] { (byte)'S', (byte)'C' }.AsMemory()))!;
        Assert.That(e.Problem, Is.EqualTo(SlimCacheValueProblem.NotACacheValue));
        Assert.That(e, Is.InstanceOf<SlimDeserializationException>());
    }

    [Test]
    public void TryDeserialize_WriterWithOtherKnownTypes_IsMalformedMiss()
    {
        var writer = new SlimCacheCodec(new SlimCacheOptions { Serializer = SlimOptions.Default with { KnownTypes = [typeof(OrderLine)] } });
        byte[] bytes = writer.Serialize(new Order(1, "a") { Lines = [new OrderLine("s", 1, 1m)] });
        Assert.That(_codec.TryDeserialize(bytes.AsMemory(), "order", out Order? _), Is.False);
        Assert.That(_log.Entries.Single().Message, Does.Contain("(Malformed)"));
    }

    [Test]
    public async Task Codec_SharedAcrossThreads_EveryRoundTripIsEqual()
    {
        Team expected = ProbeGraph.Build();
        Task<string?>[] workers = [.. Enumerable.Range(0, 4).Select(_ => Task.Run(() =>
        {
            for (int i = 0; i < 200; i++)
            {
                byte[] bytes = _codec.Serialize(ProbeGraph.Build());
                if (!_codec.TryDeserialize(bytes.AsMemory(), "t", out Team? copy))
                {
                    return "miss";
                }
                string? difference = GraphAssert.FindDifference(expected, copy);
                if (difference is not null)
                {
                    return difference;
                }
            }
            return null;
        }))];
        Assert.That(await Task.WhenAll(workers), Has.All.Null);
        Assert.That(_log.Entries, Is.Empty);
    }

    [Test]
    public void Constructor_BatchRegistry_IsRefused()
    {
        var options = new SlimCacheOptions { Serializer = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch } };
        Assert.Throws<ArgumentException>(() => _ = new SlimCacheCodec(options));
    }

    private const int CacheHeaderSize = CacheValueBytes.HeaderSize;

    private byte[] SerializeAs(Type type, object value) =>
        (byte[])typeof(SlimCacheCodec).GetMethods()
            .Single(m => m.Name == nameof(SlimCacheCodec.Serialize) && m.GetParameters().Length == 1)
            .MakeGenericMethod(type).Invoke(_codec, [value])!;

    private object? ReadAs(Type type, byte[] bytes)
    {
        var arguments = new object?[] { new ReadOnlySequence<byte>(bytes), "customer:1", null };
        bool found = (bool)typeof(SlimCacheCodec).GetMethods()
            .Single(m => m.Name == nameof(SlimCacheCodec.TryDeserialize) && m.GetParameters()[0].ParameterType.GetElementType() == typeof(ReadOnlySequence<byte>))
            .MakeGenericMethod(type).Invoke(_codec, arguments)!;
        return found ? arguments[2] : null;
    }
}
