using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Support;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// <c>SlimSerializer.Deserialize</c> in the three configurations a reader meets hostile bytes in: the safe default
/// policy (widened to the test models, as an application widens it to its own), <see cref="SlimTypePolicy.AllowAll"/>
/// with <see cref="SlimLimits.Trusted"/> (the deny-list and the byte checks alone), and <c>Deserialize&lt;T&gt;</c> of a
/// rich graph type (the policy scoped to what <see cref="Node"/> reaches). The input is one Slim message; the seeds are
/// the security corpus (every codec). Only <see cref="SlimDeserializationException"/> subtypes may escape, judged by
/// <see cref="FuzzOracle"/>.
/// </summary>
public sealed class SlimTarget : FuzzTarget
{
    private readonly Func<byte[], object?> _read;

    private SlimTarget(string name, Func<byte[], object?> read)
    {
        Name = name;
        _read = read;
    }

    /// <summary>The default policy plus the test models, tight limits.</summary>
    public static SlimTarget Policy { get; } = Create("slim-policy", Corpus.NewSerializer(FuzzRunner.Limits), typed: false);

    /// <summary>AllowAll with the trusted limits: only the deny-list and the byte checks stand in the way.</summary>
    public static SlimTarget AllowAll { get; } = Create("slim-allowall", Corpus.NewSerializer(SlimLimits.Trusted, SlimTypePolicy.AllowAll), typed: false);

    /// <summary><c>Deserialize&lt;Node&gt;</c> under the default policy scoped to <see cref="Node"/>.</summary>
    public static SlimTarget Typed { get; } = Create("slim-typed",
        new SlimSerializer(SlimOptions.Default with { Limits = FuzzRunner.Limits, Serializers = Corpus.Options.Serializers }), typed: true);

    /// <inheritdoc/>
    public override string Name { get; }

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds() => Corpus.Entries.Select(e => (e.Name, e.Bytes));

    /// <inheritdoc/>
    protected override void Parse(byte[] input) => _read(input);

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) => FuzzOracle.Verdict(error);

    private static SlimTarget Create(string name, SlimSerializer slim, bool typed) =>
        new(name, typed ? bytes => slim.Deserialize<Node>(bytes.AsMemory()) : bytes => slim.Deserialize(bytes.AsMemory()));
}
