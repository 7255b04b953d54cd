using NFX.Slim;
using NFX.Slim.Caching;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// A cache value as a distributed cache hands it back: the 11-byte value header (magic, version, layout fingerprint)
/// and the Slim message read with <c>Deserialize&lt;T&gt;</c>. Seeds: the security corpus's graphs written by the codec,
/// the rest of the corpus behind a valid header, and damaged headers. Only <see cref="SlimCacheValueException"/> may
/// escape, and what it wraps is judged by <see cref="FuzzOracle"/>.
/// </summary>
public sealed class CacheValueTarget : FuzzTarget
{
    private static readonly SlimCacheCodec s_codec = new(new SlimCacheOptions
    {
        Serializer = Corpus.Options with { Limits = FuzzRunner.Limits, TypePolicy = SlimTypePolicy.Default },
        ThrowOnInvalidValue = true,
    });

    /// <inheritdoc/>
    public override string Name => "cache-value";

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        byte[] header = s_codec.Serialize(new Node { Name = "h" })[..11];
        foreach (CorpusEntry entry in Corpus.Entries)
        {
            yield return (entry.Name, entry.Value is Node node ? s_codec.Serialize(node) : [.. header, .. entry.Bytes]);
        }
        yield return ("bad-magic", [(byte)'X', .. header[1..]]);
        yield return ("bad-version", [.. header[..2], 9, .. header[3..]]);
        yield return ("short", header[..5]);
    }

    /// <inheritdoc/>
    protected override void Parse(byte[] input) => s_codec.Deserialize<Node>(input.AsMemory());

    /// <inheritdoc/>
    protected override string? Verdict(Exception error)
    {
        if (error is not SlimCacheValueException)
        {
            return $"escaped {error.GetType().FullName}: {error.Message}";
        }
        return FuzzOracle.Verdict(error) ?? (error.InnerException is { } inner ? FuzzOracle.Verdict(inner) : null);
    }
}
