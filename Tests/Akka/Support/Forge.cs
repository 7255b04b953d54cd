using System.Diagnostics;
using System.Reflection;
using System.Runtime.Serialization;
using Akka.Actor;
using Akka.Configuration;
using NFX.IO;
using NFX.Slim;

namespace NFX.Tests.Akka.Support;

/// <summary>
/// Writes messages the plugin's reader understands (same known types, a text surrogate for each type the plugin
/// writes as text) with text chosen by the test in place of what the values would write: how the hostile tests put a
/// HOCON text, an actor path or a reference's path of their choosing into a message.
/// </summary>
public sealed class Forge
{
    private readonly Dictionary<object, string?> _texts = new(ReferenceEqualityComparer.Instance);
    private readonly SlimSerializer _slim;

    public Forge()
    {
        _slim = new SlimSerializer(new SlimOptions
        {
            TypePolicy = SlimTypePolicy.AllowAll,
            KnownTypes = [typeof(IActorRef), typeof(ActorPath), typeof(Address), typeof(Status.Failure), typeof(Status.Success)],
            Serializers = [new Text(typeof(IActorRef), this), new Text(typeof(ActorPath), this), new Text(typeof(Address), this), new Text(typeof(Config), this)],
        });
    }

    /// <summary>Makes <paramref name="value"/> write <paramref name="text"/> wherever it appears; returns the value.</summary>
    public T As<T>(T value, string? text) where T : class
    {
        _texts[value] = text;
        return value;
    }

    public byte[] Write(object message) => _slim.Serialize(message);

    /// <summary>Sets a get-only auto-property's backing field: how a test builds the cycles a constructor cannot.</summary>
    public static void SetBackingField(object target, string property, object? value) =>
        target.GetType().GetField($"<{property}>k__BackingField", BindingFlags.Instance | BindingFlags.NonPublic)!.SetValue(target, value);

    private sealed class Text(Type type, Forge forge) : ISlimTypeSerializer
    {
        public Type Type => type;

        public void Write(object value, SlimWriter writer, ISlimReferenceWriter references) => writer.WriteString(forge._texts[value]);

        public object Read(SlimReader reader, ISlimReferenceReader references) => throw new NotSupportedException();
    }
}

/// <summary>
/// A read of hostile bytes on a watched thread: it must end (a watchdog, not a timing bound), throw exactly
/// <see cref="SerializationException"/> (what makes Akka drop the message and keep the association), and allocate at
/// most 64 bytes per input byte plus 8 MiB on the reading thread.
/// </summary>
public static class HostileRead
{
    public static SerializationException Refused(Func<object?> read, int inputBytes)
    {
        Exception? error = null;
        long allocated = 0;
        var thread = new Thread(() =>
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            try
            {
                read();
            }
            catch (Exception e)
            {
                error = e;
            }
            allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        }) { IsBackground = true, Name = "hostile read" };
        var clock = Stopwatch.StartNew();
        thread.Start();
        Assert.That(thread.Join(TimeSpan.FromSeconds(60)), Is.True, $"the read of a {inputBytes}-byte input had not ended after {clock.Elapsed}");
        long bound = (8L << 20) + 64L * inputBytes;
        Assert.That(allocated, Is.LessThanOrEqualTo(bound), $"the read of a {inputBytes}-byte input allocated {allocated:N0} bytes (bound {bound:N0})");
        Assert.That(error, Is.TypeOf<SerializationException>(), $"the read of a {inputBytes}-byte input: {error}");
        return (SerializationException)error!;
    }
}
