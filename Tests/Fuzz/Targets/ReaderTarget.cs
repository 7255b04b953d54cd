using System.Buffers;
using System.Linq.Expressions;
using System.Reflection;
using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.StreamerFormats.Golden;
using NFX.Tests.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// The <see cref="SlimReader"/> primitives. Input: a mode byte (0 array, 1 one-byte-at-a-time stream, 2 a sequence of
/// 3-byte segments), then, until the input ends, an operation byte (an index into every parameterless public
/// <c>Read*</c> method, plus <c>Skip</c> and a <c>MaxLength</c> change) followed by what that operation reads. Seeds:
/// every golden payload behind the operation that reads it. Only <see cref="SlimDeserializationException"/> subtypes
/// may escape.
/// </summary>
public sealed class ReaderTarget : FuzzTarget
{
    private const int MaxOperations = 256;

    private static readonly (string Name, Action<SlimReader> Run)[] s_operations = BuildOperations();

    /// <inheritdoc/>
    public override string Name => "reader";

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        foreach (GoldenPayload golden in GoldenPayloads.All)
        {
            string method = "Read" + golden.Name.Split(' ')[0];
            int op = Array.FindIndex(s_operations, o => o.Name == method);
            if (op >= 0)
            {
                yield return (golden.Name, [0, (byte)op, .. golden.Bytes]);
            }
        }
    }

    /// <inheritdoc/>
    protected override void Parse(byte[] input)
    {
        if (input.Length == 0)
        {
            return;
        }
        byte[] rest = input[1..];
        using SlimReader reader = (input[0] % 3) switch
        {
            0 => new SlimReader(rest),
            1 => new SlimReader(new OneByteStream(rest)),
            _ => new SlimReader(Sequences.Split(rest, 3)),
        };
        reader.MaxLength = 1 << 16;
        for (int i = 0; i < MaxOperations && !reader.IsAtEnd; i++)
        {
            s_operations[reader.ReadByte() % s_operations.Length].Run(reader);
        }
    }

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) => FuzzOracle.Verdict(error);

    private static (string, Action<SlimReader>)[] BuildOperations()
    {
        // Public and internal (the nullable readers Slim's generated code calls): the stored corpus's operation bytes
        // index this list, so it keeps every reader it had when they were all public.
        var reads = typeof(SlimReader).GetMethods(BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance)
            .Where(m => (m.IsPublic || m.IsAssembly) && m.Name.StartsWith("Read", StringComparison.Ordinal) && m.GetParameters().Length == 0 &&
                        !m.IsGenericMethod && m.ReturnType != typeof(void))
            .OrderBy(m => m.Name, StringComparer.Ordinal)
            .Select(m =>
            {
                ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
                return (m.Name, Expression.Lambda<Action<SlimReader>>(Expression.Call(reader, m), reader).Compile());
            });
        (string, Action<SlimReader>)[] extra =
        [
            ("Skip", r => r.Skip(r.ReadByte())),
            ("MaxLength", r => r.MaxLength = r.ReadByte()),
            ("ReadLength", r => r.ReadLength("fuzzed", 1 + r.ReadByte() % 16)),
            ("ReadNullableLength", r => r.ReadNullableLength("fuzzed", 1 + r.ReadByte() % 16)),
            ("ReadPresence", r => r.ReadPresence("fuzzed")),
        ];
        return [.. reads, .. extra];
    }
}
