using NFX.Slim;
using NFX.Tests.Security.Support;

namespace NFX.Tests.Security.Adversarial;

/// <summary>
/// The structure-aware adversarial suite: payloads generated from the format's grammar (<see cref="TypeTableGrammar"/>,
/// <see cref="LayoutGrammar"/>), each read under <see cref="Bounded"/> (time and allocation) and required to end with an
/// accepted graph or a documented exception (a <see cref="SlimDeserializationException"/> the fuzzing oracle accepts:
/// no runtime exception inside, no catch-all wrapper), and never to create a refused class (its callbacks would log).
/// Seeds are fixed: a failure names its case, and the case replays alone.
/// </summary>
public sealed class AdversarialTests
{
    private static SlimSerializer Serializer(string policy) => policy switch
    {
        "default" => new SlimSerializer(),
        "trusted" => new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Trusted }),
        "allow-all" => new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll }),
        _ => new SlimSerializer(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)) }),
    };

    private static void AssertDocumented(Exception? error, string token, bool refusedClassNamed, string policy)
    {
        if (error is not null)
        {
            Assert.That(error, Is.InstanceOf<SlimDeserializationException>(), error.ToString());
            Assert.That(FuzzOracle.Verdict(error), Is.Null, error.ToString());
        }
        if (refusedClassNamed && policy is "default" or "pair-only")
        {
            Assert.That(RanLog.Of(token), Is.Empty, "a class the policy refuses was created: " + error);
        }
    }

    public static IEnumerable<TestCaseData> Chains()
    {
        foreach ((int index, string name) in TypeTableGrammar.ChainDefinitions())
        {
            // Trusted limits admit types of up to 65,536 nodes, whose structs (2^levels leaves) cost the JIT time in
            // proportion to their size: trusted input only, so the trusted cases stay small.
            foreach ((int levels, string policy) in new[] { (4, "default"), (8, "trusted"), (12, "allow-all"), (40, "default") })
            {
                foreach (string leaf in new[] { "int", "StringBuilder", "Thread", "CallbackRecorder" })
                {
                    yield return new TestCaseData(index, levels, leaf, policy).SetName($"Chain_{name}_{levels}_over_{leaf}_{policy}");
                }
            }
        }
    }

    [TestCaseSource(nameof(Chains))]
    public void Deserialize_SharedChain_EndsDocumentedWithinBounds(int definition, int levels, string leafName, string policy)
    {
        var random = new Random(levels);
        TypeNode leaf = leafName switch
        {
            "int" => TypeTableGrammar.Int(random),
            "StringBuilder" => new Named("System.Text.StringBuilder", "System.Private.CoreLib", Value: false),
            "Thread" => new Named("System.Threading.Thread", "System.Private.CoreLib", Value: false),
            _ => new Named(typeof(CallbackRecorder).FullName!, "NFX.Slim.Tests", Value: false, Loaded: typeof(CallbackRecorder)),
        };
        TypeNode chain = TypeTableGrammar.Chain(definition, levels, leaf);
        foreach (bool boxed in new[] { false, true })
        {
            SlimSerializer slim = Serializer(policy);
            string token = RanLog.NewToken();
            byte[] bytes = TypeTableGrammar.Message(slim, chain, boxed, token);

            Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

            AssertDocumented(error, token, leafName == "CallbackRecorder", policy);
        }
    }

    public static IEnumerable<TestCaseData> Trees()
    {
        string[] policies = ["default", "trusted", "allow-all"];
        for (int seed = 0; seed < 90; seed++)
        {
            yield return new TestCaseData(seed, policies[seed % policies.Length]).SetName($"Tree_seed{seed}_{policies[seed % policies.Length]}");
        }
    }

    [TestCaseSource(nameof(Trees))]
    public void Deserialize_RandomTypeTableWithSharedEntries_EndsDocumentedWithinBounds(int seed, string policy)
    {
        var random = new Random(seed);
        TypeNode node = TypeTableGrammar.Tree(random, random.Next(2, 9), []);
        SlimSerializer slim = Serializer(policy);
        string token = RanLog.NewToken();
        byte[] bytes = TypeTableGrammar.Message(slim, node, boxed: seed % 2 == 0, token);

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        AssertDocumented(error, token, refusedClassNamed: true, policy);
    }

    public static IEnumerable<TestCaseData> Layouts()
    {
        for (int seed = 0; seed < 120; seed++)
        {
            yield return new TestCaseData(seed).SetName($"ForgedLayout_seed{seed}");
        }
    }

    [TestCaseSource(nameof(Layouts))]
    public void Deserialize_ForgedLayoutWithDroppedMembers_EndsDocumentedWithinBoundsAndCreatesNothingRefused(int seed)
    {
        var random = new Random(1000 + seed);
        SlimSerializer slim = Serializer("pair-only");
        string token = RanLog.NewToken();
        byte[] bytes = LayoutGrammar.Message(slim, random, token, out bool namesRefusedClass);

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        AssertDocumented(error, token, namesRefusedClass, "pair-only");
        if (error is null)
        {
            Assert.That(slim.Serialize(slim.Deserialize(bytes)), Is.Not.Empty, "what is accepted can be written again");
        }
    }
}
