using System.Collections.Concurrent;
using System.Text.Json;
using NFX.IO;
using NFX.Slim;

namespace NFX.Tests.Slim;

/// <summary>
/// Errors that say the fix: a limit error names the option and the preset, a writer refuses what its own reader would,
/// runtime-only objects and live delegates are refused with the path to them, and every path reads like C#.
/// </summary>
public sealed class ErrorWordingTests
{
    private static readonly SlimSerializer s_trustedWriter = new(SlimOptions.Default with { Limits = SlimLimits.Trusted });

    private static SlimSerializer WithLimits(SlimLimits limits) =>
        new(SlimOptions.Default with { Limits = limits, TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(ErrorWordingTests).Assembly) });

    [Test]
    public void Deserialize_OverMaxObjects_NamesTheOptionAndTheTrustedPreset()
    {
        byte[] bytes = s_trustedWriter.Serialize(Enumerable.Range(0, 50).Select(i => "s" + i).ToArray());
        var error = Assert.Throws<SlimLimitExceededException>(() => WithLimits(SlimLimits.Default with { MaxObjects = 10 }).Deserialize(bytes));
        Assert.That(error!.Message, Does.Contain("SlimOptions.Limits.MaxObjects").And.Contain("SlimLimits.Trusted"));
    }

    [Test]
    public void Deserialize_OverMaxCollectionLength_NamesTheSlimOptionNotTheWireReaders()
    {
        byte[] bytes = s_trustedWriter.Serialize(Enumerable.Range(0, 100).ToList());
        var error = Assert.Throws<SlimLimitExceededException>(() =>
            WithLimits(SlimLimits.Default with { MaxCollectionLength = 50 }).Deserialize<List<int>>(bytes));
        Assert.That(error!.LimitName, Does.StartWith("MaxCollectionLength"));
        Assert.That(error.Message, Does.Contain("SlimOptions.Limits.MaxCollectionLength").And.Contain("SlimLimits.Trusted"));
    }

    [Test]
    public void SlimReader_OverItsMaxLength_NamesSlimReaderMaxLength()
    {
        using var writer = new SlimWriter();
        writer.WriteInt32Array(new int[20]);
        var reader = new SlimReader(writer.ToArray()) { MaxLength = 10 };
        var error = Assert.Throws<SlimLimitExceededException>(() => reader.ReadInt32Array());
        Assert.That(error!.Message, Does.Contain("raise SlimReader.MaxLength"));
    }

    [Test]
    public void Serialize_MoreObjectsThanItsOwnReaderAdmits_IsRefusedNamingTheOptionAndThePreset()
    {
        var slim = WithLimits(SlimLimits.Default with { MaxObjects = 10 });
        string[] strings = Enumerable.Range(0, 50).Select(i => "s" + i).ToArray();
        var error = Assert.Throws<SlimSerializationException>(() => slim.Serialize(strings));
        Assert.That(error!.Message, Does.Contain("51 objects").And.Contain("SlimOptions.Limits.MaxObjects (10)").And.Contain("SlimLimits.Trusted"));

        // Exactly at the limit is still written, and read back by the same serializer.
        string[] fits = strings[..9];
        Assert.That(slim.Deserialize<string[]>(slim.Serialize(fits)), Is.EqualTo(fits));
    }

    [Test]
    public void Serialize_OverMaxMessageBytes_NamesTheOptionAndThePreset()
    {
        var slim = WithLimits(SlimLimits.Default with { MaxMessageBytes = 100 });
        var error = Assert.Throws<SlimSerializationException>(() => slim.Serialize(new string('w', 200)));
        Assert.That(error!.Message, Does.Contain("SlimOptions.Limits.MaxMessageBytes (100)").And.Contain("SlimLimits.Trusted"));
    }

    [Test]
    public void Serialize_InBatchModeOverALimit_LeavesTheConnectionUsable()
    {
        var options = SlimOptions.Default with { RegistryMode = TypeRegistryMode.Batch, Limits = SlimLimits.Default with { MaxObjects = 5 } };
        var writer = new SlimSerializer(options);
        var reader = new SlimSerializer(options);
        Assert.Throws<SlimSerializationException>(() => writer.Serialize(new List<string> { "a", "b", "c", "d", "e", "f" }));
        var fits = new List<string> { "a", "b" };
        Assert.That(reader.Deserialize(writer.Serialize(fits)), Is.EqualTo(fits));
    }

    public static IEnumerable<TestCaseData> RuntimeOnlyValues()
    {
        yield return new TestCaseData(new MemoryStream(), "MemoryStream", "streams").SetName("MemoryStream");
        yield return new TestCaseData(Task.FromResult(1), "Task<int>", "tasks").SetName("Task<int>");
        yield return new TestCaseData(new CancellationTokenSource(), "CancellationTokenSource", "synchronization primitives").SetName("CancellationTokenSource");
        yield return new TestCaseData(new SemaphoreSlim(1), "SemaphoreSlim", "synchronization primitives").SetName("SemaphoreSlim");
        yield return new TestCaseData(new ManualResetEventSlim(), "ManualResetEventSlim", "synchronization primitives").SetName("ManualResetEventSlim");
        yield return new TestCaseData(JsonDocument.Parse("{\"a\":1}"), "JsonDocument", "JsonDocument").SetName("JsonDocument");
        yield return new TestCaseData(JsonDocument.Parse("[1]").RootElement, "JsonElement", "JsonDocument").SetName("JsonElement");
    }

    [TestCaseSource(nameof(RuntimeOnlyValues))]
    public void Serialize_RuntimeOnlyObject_IsRefusedWithItsPathAndTheFix(object value, string typeName, string kind)
    {
        var graph = new List<WordingHolder> { new() { Name = "first" }, new() { Name = "second", Payload = value } };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(graph));
        Assert.That(error!.Message, Does.StartWith($"List<WordingHolder>[1].Payload ({typeName}): {kind}"));
        Assert.That(error.Message, Does.Contain("[NonSerialized]"));
    }

    [TestCaseSource(nameof(RuntimeOnlyValues))]
    public void DeepClone_RuntimeOnlyObject_IsRefusedWithItsPath(object value, string typeName, string kind)
    {
        var graph = new WordingHolder { Name = "root", Next = new WordingHolder { Payload = value } };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().DeepClone(graph));
        Assert.That(error!.Message, Does.StartWith($"WordingHolder.Next.Payload ({typeName}): {kind}"));
    }

    [Test]
    public void Serialize_FileStream_NamesTheStreamNotTheRuntimesFields()
    {
        string path = Path.GetTempFileName();
        try
        {
            using var file = new FileStream(path, FileMode.Open, FileAccess.Read);
            var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(new WordingHolder { Payload = file }));
            Assert.That(error!.Message, Does.StartWith("WordingHolder.Payload (FileStream): streams"));
            Assert.That(error.Message, Does.Not.Contain("_strategy").And.Not.Contain("SafeFileHandle"));
        }
        finally
        {
            File.Delete(path);
        }
    }

    [Test]
    public void Serialize_RuntimeOnlyObjectInsideAFrameworkType_NamesTheFrameworkObjectNotItsPrivateFields()
    {
        using var queue = new BlockingCollection<int>();
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(new WordingHolder { Payload = queue }));
        Assert.That(error!.Message, Does.StartWith("WordingHolder.Payload (a BlockingCollection<int> holding a "));
        Assert.That(error.Message, Does.Contain("): synchronization primitives only mean something inside this process"));
        Assert.That(error.Message, Does.Not.Contain("._"));
    }

    [TestCase(typeof(Task<int>), "tasks")]
    [TestCase(typeof(MemoryStream), "streams")]
    [TestCase(typeof(List<SemaphoreSlim>), "synchronization primitives")]
    [TestCase(typeof(JsonElement), "JsonDocument and JsonElement (views over pooled buffers)")]
    [TestCase(typeof(WordingStream), "streams")]
    public void DenyList_RuntimeOnlyType_IsRefusedWhenReadUnderEveryPolicy(Type type, string kind)
    {
        Assert.That(NFX.Slim.TypeSystem.DenyList.Reason(type, allowTypeValues: true), Does.Contain(kind + " only mean something inside the process"));
    }

    /// <summary>An app's class deriving from a framework stream: refused by its base type.</summary>
    private sealed class WordingStream : MemoryStream;

    [Test]
    public void Serialize_LiveDelegateField_SuggestsFieldNonSerialized()
    {
        var error = Assert.Throws<SlimSerializationException>(() =>
            new SlimSerializer().Serialize(new WordingHolder { Name = "x", Changed = () => { } }));
        Assert.That(error!.Message, Does.StartWith("WordingHolder.Changed: delegates cannot be serialized"));
        Assert.That(error.Message, Does.Contain("[field: NonSerialized]"));
    }

    [Test]
    public void Serialize_SubscribedEvent_NamesTheEventAndSuggestsFieldNonSerialized()
    {
        var source = new WordingEvent();
        source.Updated += (_, _) => { };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(source));
        Assert.That(error!.Message, Does.StartWith("WordingEvent.Updated: delegates cannot be serialized"));
        Assert.That(error.Message, Does.Contain("[field: NonSerialized]"));
    }

    [Test]
    public void Serialize_DelegateInAnObjectArray_NamesTheElementIndex()
    {
        object[] items = ["a", 1, (Func<int>)(() => 1)];
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(items));
        Assert.That(error!.Message, Does.StartWith("object[][2] (Func<int>): delegates cannot be serialized"));
        Assert.That(error.Message, Does.Contain("[field: NonSerialized]"));
    }

    [Test]
    public void Serialize_RefusedValueInADictionary_NamesTheKey()
    {
        var map = new Dictionary<string, WordingHolder> { ["ok"] = new(), ["bad"] = new() { Payload = new MemoryStream() } };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(map));
        Assert.That(error!.Message, Does.StartWith("Dictionary<string, WordingHolder>[\"bad\"].Payload (MemoryStream)"));
    }

    [Test]
    public void Serialize_RefusedValueInADictionaryKey_NamesTheEntry()
    {
        var map = new Dictionary<WordingHolder, int> { [new WordingHolder()] = 1, [new WordingHolder { Payload = new MemoryStream() }] = 2 };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(map));
        Assert.That(error!.Message, Does.StartWith("Dictionary<WordingHolder, int>[#1].Key.Payload (MemoryStream)"));
    }

    [Test]
    public void Serialize_RefusedValueInsideGenericsAndMultiDimArrays_ReadsLikeCSharp()
    {
        var grid = new WordingHolder[2, 3];
        grid[1, 2] = new WordingHolder { Payload = new MemoryStream() };
        var boxed = new WordingBox<List<WordingHolder[,]>> { Value = [grid] };
        var error = Assert.Throws<SlimSerializationException>(() => new SlimSerializer().Serialize(boxed));
        Assert.That(error!.Message, Does.StartWith("WordingBox<List<WordingHolder[,]>>.Value[0][1,2].Payload (MemoryStream)"));
    }
}

public sealed class WordingHolder
{
    public string? Name;
    public object? Payload;
    public WordingHolder? Next;
    public Action? Changed;
}

public sealed class WordingEvent
{
    public event EventHandler? Updated;

    public void Raise() => Updated?.Invoke(this, EventArgs.Empty);
}

public sealed class WordingBox<T>
{
    public T? Value;
}
