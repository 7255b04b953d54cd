using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using NFX.Tests.Slim.Layouts;
using V1 = NFX.Tests.Slim.Layouts.V1;

namespace NFX.Tests.Fuzz.Targets;

/// <summary>
/// The layout part of type entries (docs/FORMAT.md, "Layouts"): fingerprints, member lists, the reading plans compiled
/// from them and the memo that replays a repeated list. Input: a selector byte, then one Slim message, read by a
/// version-2 reader that maps version-1 names (plans), by a same-version reader, by <c>Deserialize&lt;Pair&gt;</c>, or by
/// the mapping reader twice (the second read goes through the memo the first left). Seeds: messages of both versions
/// written strict and tolerant, PerCall and Batch, and the forged headers of the layout tests. Only
/// <see cref="SlimDeserializationException"/> subtypes may escape, judged by <see cref="FuzzOracle"/>.
/// </summary>
public sealed class LayoutTarget : FuzzTarget
{
    private readonly SlimSerializer _mapping = new(Versions.Reader().Options with { Limits = FuzzRunner.Limits });
    private readonly SlimSerializer _sameVersion = new(SlimOptions.Default with
    {
        Limits = FuzzRunner.Limits, TypePolicy = SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.V1"),
    });
    private readonly SlimSerializer _pair = new(SlimOptions.Default with
    {
        Limits = FuzzRunner.Limits, TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)),
    });

    /// <inheritdoc/>
    public override string Name => "slim-layouts";

    /// <inheritdoc/>
    public override IEnumerable<(string Name, byte[] Input)> Seeds()
    {
        object[] graph = [Versions.SampleV1(), new V1.Holder { P = new V1.Point { X = 3, Y = 4 }, Name = "h" }, new V1.Gadget { Size = 2 }];
        foreach (SlimVersioning versioning in new[] { SlimVersioning.Strict, SlimVersioning.Tolerant })
        {
            string v = versioning.ToString().ToLowerInvariant();
            SlimSerializer perCall = Versions.Writer(versioning);
            yield return ($"{v}-order", With(0, perCall.Serialize(Versions.SampleV1())));
            yield return ($"{v}-graph", With(1, perCall.Serialize(graph)));
            yield return ($"{v}-pair", With(2, perCall.Serialize(new LayoutGolden.Pair { A = 7, B = "x" })));
            yield return ($"{v}-order-twice", With(3, perCall.Serialize(Versions.SampleV1())));
            SlimSerializer batch = Versions.Writer(versioning, TypeRegistryMode.Batch);
            yield return ($"{v}-batch-first", With(0, batch.Serialize(Versions.SampleV1())));
            yield return ($"{v}-batch-second", With(0, batch.Serialize(Versions.SampleV1())));
        }
        int i = 0;
        foreach (TestCaseData forged in LayoutWireTests.Forged())
        {
            yield return ($"forged-{i++}", With(2, Wire.Message(_pair, (Action<SlimWriter>)forged.Arguments[0]!)));
        }
    }

    /// <inheritdoc/>
    protected override void Parse(byte[] input)
    {
        if (input.Length == 0)
        {
            return;
        }
        var message = new ReadOnlyMemory<byte>(input, 1, input.Length - 1);
        switch (input[0] % 4)
        {
            case 0:
                _mapping.Deserialize(message);
                break;
            case 1:
                _sameVersion.Deserialize(message);
                break;
            case 2:
                _pair.Deserialize<LayoutGolden.Pair>(message);
                break;
            default:
                try
                {
                    _mapping.Deserialize(message);
                }
                finally
                {
                    _mapping.Deserialize(message);
                }
                break;
        }
    }

    /// <inheritdoc/>
    protected override string? Verdict(Exception error) => FuzzOracle.Verdict(error);

    private static byte[] With(byte selector, byte[] message) => [selector, .. message];
}
