using NFX.Perf.Akka;
using NFX.Perf.Contenders.Mirrors;
using Orleans;

namespace NFX.Perf.Orleans;

/// <summary>The small message as Orleans users annotate it: the generated-codec contender's copy of <see cref="SmallMessage"/>.</summary>
[GenerateSerializer]
public sealed class AnnotatedSmallMessage
{
    [Id(0)] public long Id;
    [Id(1)] public string? Text;
    [Id(2)] public double Value;
    [Id(3)] public DateTime At;
}

/// <summary>The grain the end-to-end rounds call: the value back (arguments and results cross as <c>object</c>).</summary>
public interface IEchoGrain : IGrainWithIntegerKey
{
    Task<object> Echo(object value);
}

public sealed class EchoGrain : Grain, IEchoGrain
{
    public Task<object> Echo(object value) => Task.FromResult(value);
}

/// <summary>The two messages (those of the Akka benchmark), as each contender sends them.</summary>
public static class OrleansMessages
{
    /// <summary>The unannotated message (Slim and JSON) and its [GenerateSerializer] copy (Orleans' generated codecs).</summary>
    public static IReadOnlyList<(string Name, object Plain, object Annotated)> All { get; } = AkkaMessages.All
        .Select(m => (m.Name, m.Message, Annotate(m.Message)))
        .ToArray();

    private static object Annotate(object message) => message is SmallMessage small
        ? new AnnotatedSmallMessage { Id = small.Id, Text = small.Text, Value = small.Value, At = small.At }
        : MirrorMapper.ToMirror.Map(message)!;
}
