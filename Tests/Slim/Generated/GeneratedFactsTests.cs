using NFX.IO;
using NFX.Slim;
using NFX.Slim.CodeGen;
using NFX.Slim.Generated;

namespace NFX.Tests.Slim.Generated;

/// <summary>
/// What a generated codec tells the runtime instead of reflection at its first use, checked against reflection for
/// every class the generator wrote a codec for in this assembly (callbacks, records, inherited fields, readonly and
/// init-only fields, constructors with and without code): the answers agree, and the runtime takes them only from a
/// codec that gives them. Also the inline-array answer a generated body's binding takes without making the array's codec.
/// </summary>
public sealed class GeneratedFactsTests
{
    private static IEnumerable<(Type Type, SlimGeneratedCodec Codec)> ThisAssemblysCodecs() =>
        typeof(GeneratedFactsTests).Assembly.GetTypes()
            .Where(t => t.IsClass && !t.IsAbstract && !t.ContainsGenericParameters)
            .Select(t => (Type: t, Codec: SlimGeneratedCodecs.TryGet(t, out SlimGeneratedCodec? c) ? c : null))
            // The generator's codecs only: a test may register a hand-written one (GeneratedCodecTests' stale codec).
            .Where(x => x.Codec is not null && x.Codec.GetType().Namespace == "NFX.Slim.Generated.Codecs")
            .Select(x => (x.Type, x.Codec!));

    [Test]
    public void Facts_EveryGeneratedCodecOfTheSuite_AreWhatReflectionReads()
    {
        var codecs = ThisAssemblysCodecs().ToList();
        Assert.That(codecs, Has.Count.GreaterThan(50));
        Assert.Multiple(() =>
        {
            foreach ((Type type, SlimGeneratedCodec codec) in codecs)
            {
                Assert.That(codec.FactsKnown, Is.True, type.Name);
                Assert.That(codec.HasCallbacks, Is.EqualTo(SerializationCallbacks.For(type) is not null), type.Name + ": callbacks");
                if (codec.HasTrivialConstructor is { } trivial)
                {
                    Assert.That(trivial, Is.EqualTo(TrivialConstructor.Find(type) is not null), type.Name + ": trivial constructor");
                }
            }
        });
        Assert.That(codecs.Count(c => c.Codec.HasCallbacks), Is.GreaterThan(0), "the suite has classes with callbacks");
        Assert.That(codecs.Count(c => c.Codec.HasTrivialConstructor == true), Is.GreaterThan(0));
        Assert.That(codecs.Count(c => c.Codec.HasTrivialConstructor == false), Is.GreaterThan(0));
    }

    [Test]
    public void Facts_BoundCodec_TakesTheGeneratorsAnswers()
    {
        var slim = new SlimSerializer();
        var callbacks = (ObjectCodec)slim.Codecs.Get(typeof(NFX.Tests.Slim.Support.WithCallbacks));
        var plain = (ObjectCodec)slim.Codecs.Get(typeof(NFX.Tests.Slim.Support.Node));
        Assert.That(callbacks.IsGenerated && plain.IsGenerated, Is.True);
        Assert.That(callbacks.Callbacks, Is.Not.Null, "read by reflection where the generator says there are callbacks");
        Assert.That(plain.Callbacks, Is.Null);
    }

    [Test]
    public void InlineNative_EveryNativeArray_AnsweredWithoutItsCodecAsWithIt()
    {
        Type[] arrays = [.. BuiltInNativeTypesOf().Where(t => t.IsSZArray)];
        Assert.That(arrays, Has.Length.GreaterThan(10));
        foreach (SlimOptions options in new[] { SlimOptions.Default, SlimOptions.Default with { Serializers = [.. arrays.Select(a => (ISlimTypeSerializer)new Opaque(a))] } })
        {
            var fresh = new SlimSerializer(options);
            var built = new SlimSerializer(options);
            foreach (Type array in arrays)
            {
                bool answer = fresh.Codecs.Values.IsInlineNative(array);
                Assert.That(fresh.Codecs.TryGetBuilt(array, out _), Is.False, $"{array}: answered without making the codec");
                built.Codecs.Get(array);
                Assert.That(answer, Is.EqualTo(built.Codecs.Values.IsInlineNative(array)), array.Name);
                Assert.That(answer, Is.EqualTo(options.Serializers.Count == 0), array.Name);
            }
        }
    }

    private static IEnumerable<Type> BuiltInNativeTypesOf()
    {
        // Every row of the default table, arrays included (the table is the format's, pinned by its own tests).
        foreach (Type element in new[]
                 {
                     typeof(bool), typeof(byte), typeof(sbyte), typeof(char), typeof(short), typeof(ushort), typeof(int), typeof(uint),
                     typeof(long), typeof(ulong), typeof(float), typeof(double), typeof(decimal), typeof(DateTime), typeof(TimeSpan),
                     typeof(Guid), typeof(DateTimeOffset), typeof(string), typeof(Half), typeof(DateOnly), typeof(TimeOnly),
                 })
        {
            if (StreamerFormat.Default.IsNative(element.MakeArrayType()))
            {
                yield return element.MakeArrayType();
            }
        }
    }

    private sealed class Opaque(Type type) : ISlimTypeSerializer
    {
        public Type Type => type;

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) { }

        public object Read(SlimReader reader, ISlimReferenceReader references) => Array.CreateInstance(type.GetElementType()!, 0);
    }
}
