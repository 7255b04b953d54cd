using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// A native array field of a generated body (int[], bool[], long[], double[]) is read with its handle in one call of the
/// reader when it is new and has fewer than 127 elements, and the checked way otherwise: both give the runtime path's
/// arrays, identities and refusals, with the same exceptions and messages.
/// </summary>
public sealed class InlineArrayReadTests
{
    private static SlimOptions Options(bool generated, SlimLimits? limits = null) => SlimOptions.Default with
    {
        TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(InlineArrayReadTests).Assembly),
        UseGeneratedCodecs = generated,
        Limits = limits ?? SlimLimits.Default,
    };

    private static Arrays Sample(int length) => new()
    {
        Ints = Enumerable.Range(1, length).Select(i => i * 1001).ToArray(),
        Flags = Enumerable.Range(0, length).Select(i => i % 3 == 0).ToArray(),
        Longs = Enumerable.Range(0, length).Select(i => -(long)i << 33).ToArray(),
        Doubles = Enumerable.Range(0, length).Select(i => i / 7.0).ToArray(),
    };

    [Test]
    public void Read_EveryLengthAroundTheOneByteLength_SameAsTheRuntimePathWithSharedArraysShared()
    {
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        Assert.That(generated.Codecs.Get(typeof(Arrays)), Is.InstanceOf<ObjectCodec>().With.Property(nameof(ObjectCodec.IsGenerated)).True);
        foreach (int length in Enumerable.Range(0, 131).Append(1000).Append(-1))
        {
            Arrays value = length < 0 ? new Arrays() : Sample(length);
            value.Same = value.Ints;
            byte[] bytes = generated.Serialize(value);
            Assert.That(Convert.ToHexString(bytes), Is.EqualTo(Convert.ToHexString(runtime.Serialize(value))));
            foreach (SlimSerializer reader in new[] { generated, runtime })
            {
                Arrays copy = reader.Deserialize<Arrays>(bytes);
                GraphAssert.AreEquivalent(value, copy);
                Assert.That(copy.Same, Is.SameAs(copy.Ints), $"a shared array stays shared (length {length})");
                if (length >= 0)
                {
                    Assert.That(copy.Ints, Is.EqualTo(value.Ints).And.Not.SameAs(generated.Deserialize<Arrays>(bytes).Ints));
                }
            }
        }
    }

    [Test]
    public void Read_ObjectLimitAtEveryArray_RefusedAsOnTheRuntimePath()
    {
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(Sample(5));
        for (int limit = 1; limit <= 4; limit++) // the root and four arrays
        {
            string?[] messages = new string?[2];
            foreach (bool generated in new[] { true, false })
            {
                var reader = new SlimSerializer(Options(generated, SlimLimits.Default with { MaxObjects = limit }));
                try
                {
                    reader.Deserialize<Arrays>(new SlimSerializer(Options(true)).Serialize(Sample(1))); // the slots have read one
                }
                catch (SlimLimitExceededException)
                {
                }
                var error = Assert.Throws<SlimLimitExceededException>(() => reader.Deserialize<Arrays>(bytes))!;
                Assert.That(error.LimitName, Is.EqualTo(nameof(SlimLimits.MaxObjects)));
                messages[generated ? 0 : 1] = error.Message;
            }
            Assert.That(messages[0], Is.EqualTo(messages[1]), $"limit {limit}");
        }
    }

    [Test]
    public void Read_ShortArrayOverMaxCollectionLength_RefusedAsOnTheRuntimePath()
    {
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(Sample(100)); // over the type name's 52 bytes
        string?[] messages = new string?[2];
        foreach (bool generated in new[] { true, false })
        {
            var reader = new SlimSerializer(Options(generated, SlimLimits.Default with { MaxCollectionLength = 99 }));
            reader.Deserialize<Arrays>(new SlimSerializer(Options(true)).Serialize(Sample(2))); // the slots have read one
            var error = Assert.Throws<SlimLimitExceededException>(() => reader.Deserialize<Arrays>(bytes))!;
            messages[generated ? 0 : 1] = error.Message;
            Assert.That(new SlimSerializer(Options(generated, SlimLimits.Default with { MaxCollectionLength = 100 })).Deserialize<Arrays>(bytes).Ints,
                Is.EqualTo(Sample(100).Ints));
        }
        Assert.That(messages[0], Is.EqualTo(messages[1]));
    }

    [Test]
    public void Read_BadBooleanOrCutAnywhere_RefusedAsOnTheRuntimePath()
    {
        byte[] bytes = new SlimSerializer(Options(true)).Serialize(Sample(4));
        var hostile = new List<byte[]>();
        (int header, int payload) = Payload(bytes);
        for (int cut = 0; cut < payload; cut++)
        {
            hostile.Add(Cut(bytes, header, cut)); // a message whose header says where it ends, inside any of its values
        }
        // The bool[]'s elements are 01 00 00 01 after its handle (01) and LEB128(4 + 1): a 2 in each place.
        int at = Convert.ToHexString(bytes).IndexOf("010501000001", StringComparison.Ordinal) / 2;
        Assert.That(at, Is.GreaterThan(0));
        for (int i = 0; i < 4; i++)
        {
            byte[] bad = (byte[])bytes.Clone();
            bad[at + 2 + i] = 2;
            hostile.Add(bad);
        }
        SlimSerializer generated = new(Options(true)), runtime = new(Options(false));
        generated.Deserialize<Arrays>(bytes);
        runtime.Deserialize<Arrays>(bytes);
        foreach (byte[] input in hostile)
        {
            Exception? fromGenerated = Catch(() => generated.Deserialize<Arrays>(input));
            Exception? fromRuntime = Catch(() => runtime.Deserialize<Arrays>(input));
            Assert.That(fromGenerated, Is.Not.Null.And.InstanceOf<SlimException>(), $"{input.Length} bytes");
            Assert.That(fromGenerated!.GetType(), Is.EqualTo(fromRuntime!.GetType()));
            Assert.That(fromGenerated.Message, Is.EqualTo(fromRuntime.Message));
        }
    }

    // The header is 'S' 'L', the version, the flags and LEB128(payload length).
    private static (int Header, int Payload) Payload(byte[] message)
    {
        int at = 4, length = 0, shift = 0;
        while (true)
        {
            byte b = message[at++];
            length |= (b & 0x7F) << shift;
            shift += 7;
            if (b < 0x80)
            {
                break;
            }
        }
        Assert.That(message.Length - at, Is.EqualTo(length));
        return (at, length);
    }

    private static byte[] Cut(byte[] message, int header, int payload)
    {
        var bytes = new List<byte>(message[..4]);
        for (uint v = (uint)payload; ; v >>= 7)
        {
            if (v < 0x80)
            {
                bytes.Add((byte)v);
                break;
            }
            bytes.Add((byte)(v | 0x80));
        }
        bytes.AddRange(message[header..(header + payload)]);
        return [.. bytes];
    }

    private static Exception? Catch(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception ex)
        {
            return ex;
        }
    }

    public sealed class Arrays
    {
        public int[]? Ints;
        public bool[]? Flags;
        public long[]? Longs;
        public double[]? Doubles;
        public int[]? Same;
    }
}
