using System.Diagnostics;
using System.Reflection;
using Microsoft.Extensions.DependencyInjection;
using NFX.Slim;
using NFX.Slim.Orleans;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;
using NFX.Tests.Support;
using Orleans.Serialization;
using Orleans.Serialization.TypeSystem;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// The Slim codec's field inside Orleans' framing, read by Orleans' <c>Serializer&lt;object&gt;</c>: the input is what
/// follows the field's own header (field 0, the value's type name; field 1, the Slim message; unknown fields; the end
/// marker), behind the fixed bytes Orleans writes before it, so every mutation lands inside the field. Read from an
/// array, a stream or 7-byte segments (by the input's length modulo 3). Seeds: the security corpus's values that Orleans
/// has no codec of its own for, written by the codec, and hostile type names. Only
/// <see cref="SlimDeserializationException"/> subtypes may escape (the codec's contract for anything inside its field),
/// judged by <see cref="FuzzOracle"/>.
/// </summary>
public sealed class OrleansTarget : FuzzTarget
{
    private readonly ServiceProvider _services;
    private readonly Serializer<object> _serializer;
    private readonly byte[] _prefix;

    /// <summary>The codec with the corpus's policy and serializers and the fuzzer's tight limits.</summary>
    public OrleansTarget()
    {
        _services = new ServiceCollection()
            .AddSerializer(builder => builder.AddSlimSerializer(options =>
            {
                options.TypePolicy = Corpus.Options.TypePolicy;
                options.Limits = FuzzRunner.Limits;
                foreach (ISlimTypeSerializer serializer in Corpus.Options.Serializers)
                {
                    options.Serializers.Add(serializer);
                }
            }))
            .BuildServiceProvider();
        _serializer = _services.GetRequiredService<Serializer<object>>();
        // Everything before the field's content: the same for every value the codec writes (its own schema type).
        var probe = new Node { Name = "probe" };
        byte[] message = _serializer.SerializeToArray(probe);
        byte[] name = System.Text.Encoding.UTF8.GetBytes(_services.GetRequiredService<TypeConverter>().Format(typeof(Node)));
        _prefix = message[..(message.AsSpan().IndexOf(name) - 2)]; // field 0's header and the name's one-byte length
    }

    /// <inheritdoc/>
    public override string Name => "orleans";

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        byte[]? node = null;
        foreach (CorpusEntry entry in Corpus.Entries)
        {
            byte[] message;
            try
            {
                message = _serializer.SerializeToArray(entry.Value);
            }
            catch (Exception e) when (e is SlimException or CodecNotFoundException)
            {
                continue;
            }
            if (message.AsSpan().StartsWith(_prefix))
            {
                node ??= entry.Value is Node ? message[_prefix.Length..] : null;
                yield return (entry.Name, message[_prefix.Length..]);
            }
        }
        byte[] content = node ?? _serializer.SerializeToArray(new Node { Name = "seed" })[_prefix.Length..];
        foreach ((string label, string typeName) in HostileNames())
        {
            byte[] name = System.Text.Encoding.UTF8.GetBytes(typeName);
            // Field 0's header byte, then the name behind Orleans' varint length, then the rest of a real field.
            int oldLength = content[1] >> 1; // a one-byte Orleans varint holds the length shifted by one
            yield return (label, [content[0], .. VarUInt32(name.Length), .. name, .. content.AsSpan(2 + oldLength)]);
        }
    }

    /// <inheritdoc/>
    public override IEnumerable<byte[]> DictionaryTokens() =>
        FuzzDictionary.SlimTokens().Concat(
            HostileNames().Select(n => n.Name).Concat(["[]", "[,]", "[[", "]]", ",NFX.Slim.Tests", "`1", "`2", "+", "System.Collections.Generic.List`1"])
                .Select(System.Text.Encoding.UTF8.GetBytes));

    /// <inheritdoc/>
    protected override void Parse(byte[] input)
    {
        byte[] message = [.. _prefix, .. input];
        _ = (input.Length % 3) switch
        {
            0 => _serializer.Deserialize(message),
            1 => _serializer.Deserialize(new MemoryStream(message)),
            _ => _serializer.Deserialize(Sequences.Split(message, 7)),
        };
    }

    /// <inheritdoc/>
    /// <remarks>
    /// A runtime exception that Orleans' own reader raised inside the field (an index past its buffer, an overflowing
    /// field id, a reference it does not know), wrapped by the codec as documented, is Orleans' answer to malformed
    /// framing, not a check missing from Slim's code: accepted, like the user-code wrappers of <see cref="FuzzOracle"/>.
    /// One raised in Slim's code (the type-name parser, the payload) is judged as everywhere.
    /// </remarks>
    protected override string? Verdict(Exception error)
    {
        if (error is not SlimDeserializationException)
        {
            return $"escaped {error.GetType().FullName}: {error.Message}";
        }
        return error.Message.StartsWith(OrleansReaderFailed, StringComparison.Ordinal) && error.InnerException is { } inner && ThrownByOrleans(inner)
            ? null
            : FuzzOracle.Verdict(error);
    }

    private const string OrleansReaderFailed = "The Slim field could not be read: Orleans' reader failed";

    /// <summary>True when the innermost frame outside the core library is Orleans' serialization library.</summary>
    private static bool ThrownByOrleans(Exception inner)
    {
        Assembly core = typeof(object).Assembly;
        foreach (StackFrame frame in new StackTrace(inner).GetFrames())
        {
            Assembly? assembly = frame.GetMethod()?.DeclaringType?.Assembly;
            if (assembly is not null && assembly != core)
            {
                return assembly == typeof(Serializer).Assembly;
            }
        }
        return false;
    }

    private static IEnumerable<(string Label, string Name)> HostileNames()
    {
        yield return ("name-generic", "System.Collections.Generic.List`1[[NFX.Tests.Slim.Support.Node,NFX.Slim.Tests]]");
        yield return ("name-array", "NFX.Tests.Slim.Support.Node[][,],NFX.Slim.Tests");
        yield return ("name-nested-generic", "System.Collections.Generic.Dictionary`2[[string],[System.Collections.Generic.List`1[[int]]]]");
        yield return ("name-forwarded", "System.Net.Mail.MailMessage,netstandard");
        yield return ("name-unloaded", "System.Data.DataTable,System.Data.Common");
        yield return ("name-core", "System.Text.StringBuilder");
        yield return ("name-alias", "int");
    }

    private static byte[] VarUInt32(int value)
    {
        int bytes = 1;
        while (bytes < 5 && (ulong)value >= 1UL << (7 * bytes))
        {
            bytes++;
        }
        return BitConverter.GetBytes((ulong)value << bytes | 1UL << (bytes - 1))[..bytes];
    }
}
