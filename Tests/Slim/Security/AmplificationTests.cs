using NFX.IO;
using NFX.Slim;
using NFX.Tests.Security.Support;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Security;

/// <summary>
/// Small inputs that made the reader do work out of proportion to their size: type tables of shared entries judged,
/// named and described as trees, structs of shared parts expanded as trees by code generation, members a tolerant
/// layout drops created without the type policy, and forged layouts flooding the reading plans. Each read is bounded in
/// time and allocation (<see cref="Bounded"/>) and ends with the documented exception or an accepted graph.
/// </summary>
public sealed class AmplificationTests
{
    private const string CoreLib = "System.Private.CoreLib";
    private const string TestAssembly = "NFX.Slim.Tests";

    private static SlimSerializer Default() => new();

    private static SlimSerializer AllowAll() => new(SlimOptions.Default with { TypePolicy = SlimTypePolicy.AllowAll });

    /// <summary>The root: a new object whose type is <paramref name="type"/>'s entries, then <paramref name="rest"/>.</summary>
    private static byte[] Root(SlimSerializer slim, Func<TypeTable, uint> type, Action<SlimWriter>? rest = null) =>
        Message(slim, w =>
        {
            w.WriteVarUInt32(NewWithType);
            type(new TypeTable(w));
            rest?.Invoke(w);
        });

    /// <summary>An empty dictionary's header and body: the default comparer, no entries.</summary>
    private static void EmptyDictionary(SlimWriter w)
    {
        w.WriteByte(0);
        w.WriteVarUInt32(0);
    }

    // ---- shared generic entries: policy, deny-list, names, layouts, codecs ----

    private static SlimSerializer WithLimits(SlimLimits limits, SlimTypePolicy? policy = null) =>
        new(SlimOptions.Default with { Limits = limits, TypePolicy = policy ?? SlimTypePolicy.Default });

    public static IEnumerable<TestCaseData> SharedTrees()
    {
        foreach ((string name, Func<SlimSerializer> slim) in new (string, Func<SlimSerializer>)[] { ("default", Default), ("trusted", () => WithLimits(SlimLimits.Trusted)), ("allow-all", AllowAll) })
        {
            yield return new TestCaseData(slim, "System.Int32").SetName($"SharedDictionaries28_OverInt_{name}");
            yield return new TestCaseData(slim, "System.Text.StringBuilder").SetName($"SharedDictionaries28_OverStringBuilder_{name}");
            yield return new TestCaseData(slim, "System.Threading.Thread").SetName($"SharedDictionaries28_OverThread_{name}");
        }
    }

    [TestCaseSource(nameof(SharedTrees))]
    public void Deserialize_DictionaryOfSharedEntries28Deep_RefusedByMaxTypeNodesBeforeTheTypeIsMade(Func<SlimSerializer> serializer, string leaf)
    {
        SlimSerializer slim = serializer();
        byte[] bytes = Root(slim, t => t.Shared(TDictionary, 2, 28, () => leaf == "System.Int32" ? t.Existing(TInt) : t.Named(leaf, CoreLib)), EmptyDictionary);

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimLimitExceededException>(), error?.ToString());
        Assert.That(((SlimLimitExceededException)error!).LimitName, Is.EqualTo(nameof(SlimLimits.MaxTypeNodes)));
        Assert.That(error.Message, Does.Contain("SlimOptions.Limits.MaxTypeNodes"));
    }

    [TestCase(6)]
    [TestCase(3)]
    public void Deserialize_DictionaryOfSharedEntriesWithinMaxTypeNodes_IsAccepted(int levels)
    {
        SlimSerializer slim = Default();
        byte[] bytes = Root(slim, t => t.Shared(TDictionary, 2, levels, () => t.Existing(TInt)), EmptyDictionary);

        object? result = null;
        Exception? error = Bounded.Read(() => result = slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.Null, error?.ToString());
        Assert.That(NFX.Slim.TypeSystem.TypeNodes.Of(result!.GetType()), Is.LessThanOrEqualTo(SlimLimits.Default.MaxTypeNodes));
    }

    [TestCase("System.Text.StringBuilder", "the type policy does not allow")]
    [TestCase("System.Threading.Thread", "deny-list")]
    public void Deserialize_SharedEntriesOverRefusedLeafWithinMaxTypeNodes_RefusedNamingTheLeaf(string leaf, string reason)
    {
        SlimSerializer slim = Default();
        byte[] bytes = Root(slim, t => t.Shared(TDictionary, 2, 6, () => t.Named(leaf, CoreLib)), EmptyDictionary);

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimTypeNotAllowedException>(), error?.ToString());
        Assert.That(error!.Message, Does.Contain(reason).And.Contain(leaf));
        Assert.That(error.Message.Length, Is.LessThan(4 * 1024), "a refusal names each type cut at TypeNames.MaxDescribedLength");
    }

    /// <summary><c>Dk = G&lt;Dk-1, Dk-1&gt;</c> over <paramref name="leaf"/>, made directly (the runtime makes it lazily: cheap).</summary>
    private static Type SharedType(Type definition, Type leaf, int levels)
    {
        Type type = leaf;
        for (int i = 0; i < levels; i++)
        {
            type = definition.MakeGenericType(type, type);
        }
        return type;
    }

    [TestCase(false)]
    [TestCase(true)]
    public void TypePolicy_SharedType60Deep_IsJudgedOncePerDistinctPart(bool refusedLeaf)
    {
        Type type = SharedType(typeof(Dictionary<,>), refusedLeaf ? typeof(System.Text.StringBuilder) : typeof(int), 60);
        var admission = new NFX.Slim.TypeSystem.TypeAdmission(SlimTypePolicy.Default, NFX.IO.StreamerFormat.Default, [], null);

        Exception? error = Bounded.Read(() => { admission.Check(type); return null; }, 0);

        Assert.That(error, refusedLeaf ? Is.TypeOf<SlimTypeNotAllowedException>() : Is.Null);
        if (refusedLeaf)
        {
            Assert.That(error!.Message, Does.Contain("System.Text.StringBuilder").And.Length.LessThan(4 * 1024));
        }
    }

    [TestCase(false)]
    [TestCase(true)]
    public void DenyList_SharedType60Deep_IsJudgedOncePerDistinctPartWithABoundedReason(bool allowTypeValues)
    {
        Type type = SharedType(typeof(Dictionary<,>), typeof(Thread), 60);
        string? reason = null;

        Exception? error = Bounded.Read(() => reason = NFX.Slim.TypeSystem.DenyList.Reason(type, allowTypeValues), 0);

        Assert.That(error, Is.Null);
        Assert.That(reason, Does.Contain("System.Threading.Thread").And.Contain("known deserialization gadget"));
        Assert.That(reason!.Length, Is.LessThan(2 * 1024));
    }

    [Test]
    public void Deserialize_UserGenericOverSharedEntries_LayoutTextStoppedByCodegenBudget()
    {
        // A user class's layout text spells its field types out (its hash is the fingerprint): with MaxTypeNodes raised,
        // Wrapper<D16> is 2^17 names long. Each part is charged to the message's code-generation budget.
        SlimSerializer slim = WithLimits(SlimLimits.Default with { MaxTypeNodes = 1 << 20 });
        byte[] bytes = Root(slim, t => t.GenericWithLayout(
            () => t.Named(typeof(Wrapper<>).FullName!, TestAssembly), EntryFingerprint, () => t.Writer.WriteFixed32(0),
            () => t.Shared(TDictionary, 2, 16, () => t.Existing(TInt))));

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimLimitExceededException>(), error?.ToString());
        Assert.That(((SlimLimitExceededException)error!).LimitName, Is.EqualTo(nameof(SlimLimits.MaxCodegenNodes)));
        Assert.That(error.Message, Does.Contain("SlimOptions.Limits.MaxCodegenNodes"));
    }

    [Test]
    public void TypeNames_SharedEntries60Deep_AreDescribedWithinTheBound()
    {
        Type type = typeof(int);
        for (int i = 0; i < 60; i++)
        {
            type = typeof(Dictionary<,>).MakeGenericType(type, type);
        }
        string described = "", readable = "";
        Assert.That(Bounded.Read(() => described = NFX.Slim.TypeSystem.TypeNames.Describe(type), 0), Is.Null);
        Assert.That(Bounded.Read(() => readable = GraphPath.Readable(type), 0), Is.Null);

        int bound = NFX.Slim.TypeSystem.TypeNames.MaxDescribedLength + NFX.Slim.TypeSystem.TypeNames.Ellipsis.Length;
        Assert.That(described, Has.Length.EqualTo(bound).And.EndsWith(NFX.Slim.TypeSystem.TypeNames.Ellipsis));
        Assert.That(readable, Has.Length.EqualTo(bound).And.StartsWith("Dictionary<Dictionary<"));
        Assert.That(NFX.Slim.TypeSystem.TypeNames.Describe(typeof(Dictionary<string, int>)), Does.Not.EndWith("..."));
    }

    // ---- code generation on structs of shared parts ----

    [Test]
    public void Deserialize_BoxedKeyValuePairOfSharedParts17Deep_RefusedByMaxTypeNodes()
    {
        // 17 entries, a struct of 2^17 bytes (an empty struct takes one byte, each level doubles it): refused before it is made.
        SlimSerializer slim = Default();
        byte[] bytes = Root(slim, t => t.Shared(TKeyValuePair, 2, 17, () => t.Named("System.ValueTuple", CoreLib)));

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimLimitExceededException>(), error?.ToString());
        Assert.That(((SlimLimitExceededException)error!).LimitName, Is.EqualTo(nameof(SlimLimits.MaxTypeNodes)));
    }

    [TestCase(6, false)]
    [TestCase(10, true)]
    public void Deserialize_BoxedKeyValuePairOfSharedParts_IsAcceptedAndWrittenBackByFunctorsPerType(int levels, bool trusted)
    {
        // Within the type bound the struct is expanded once per distinct part: a struct over MaxInlineNodes nodes is
        // read, written and cloned by a functor of its own, called from the levels above.
        SlimSerializer slim = trusted ? WithLimits(SlimLimits.Trusted) : Default();
        byte[] bytes = Root(slim, t => t.Shared(TKeyValuePair, 2, levels, () => t.Named("System.ValueTuple", CoreLib)));

        object? result = null;
        Exception? error = Bounded.Read(() => result = slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.Null, error?.ToString());
        Assert.That(result!.GetType().GetGenericTypeDefinition(), Is.EqualTo(typeof(KeyValuePair<,>)));
        Assert.That(slim.Deserialize(slim.Serialize(result)), Is.EqualTo(result));
        Assert.That(slim.DeepClone(result), Is.EqualTo(result));
    }

    [Test]
    public void Deserialize_KeyValuePairNestedPast32_RefusedAsBefore()
    {
        SlimSerializer slim = Default();
        byte[] bytes = Root(slim, t =>
        {
            Func<uint> type = () => t.Existing(TInt);
            for (int i = 0; i < 40; i++)
            {
                Func<uint> inner = type;
                type = () => t.Generic(TKeyValuePair, inner, () => t.Existing(TInt));
            }
            return type();
        });

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.InstanceOf<SlimDeserializationException>());
        Assert.That(error!.ToString(), Does.Contain("nested more than 32 levels"));
    }

    [Test]
    public void Deserialize_ManyNewCodecsInOneMessage_StoppedByCodegenBudgetThenServesAgain()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxCodegenNodes = 300 } });
        uint[] elements = [TBool, 5, 6, TChar, TShort, 9, TInt, 11, TLong, 13, 14, 15, 16, 17, 18, TDecimal, TBigInteger, TDateTime, 22, 23, 24, 25, TGuid];
        byte[] bytes = Message(slim, w =>
        {
            New(w, TObjectArray);
            w.WriteVarUInt32((uint)elements.Length);
            var table = new TypeTable(w);
            foreach (uint element in elements)
            {
                w.WriteVarUInt32(NewWithType);
                table.Generic(TList, () => table.Existing(element));
                w.WriteVarUInt32(0); // an empty list
            }
        });

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimLimitExceededException>(), error?.ToString());
        var limit = (SlimLimitExceededException)error!;
        Assert.That(limit.LimitName, Is.EqualTo(nameof(SlimLimits.MaxCodegenNodes)));
        Assert.That(limit.Maximum, Is.EqualTo(300));
        // The codecs built before the budget ran out stay; the next messages build the rest and are accepted.
        object? accepted = null;
        for (int i = 0; i < elements.Length && accepted is null; i++)
        {
            try
            {
                accepted = slim.Deserialize(bytes);
            }
            catch (SlimLimitExceededException)
            {
            }
        }
        Assert.That(accepted, Is.TypeOf<object[]>());
        Assert.That(Default().Deserialize(bytes), Is.TypeOf<object[]>(), "the default budget admits it at once");
    }

    [Test]
    public void Deserialize_AfterTheMessage_CodegenOnTheSameThreadIsNotCharged()
    {
        var slim = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxCodegenNodes = 300 } });
        Assert.That(slim.Deserialize<int[]>(Default().Serialize(new[] { 1, 2 })), Is.EqualTo(new[] { 1, 2 }));

        // Writing is not budgeted: the message's budget must have left the thread with the message.
        object[] value =
        [
            new List<bool>(), new List<char>(), new List<short>(), new List<int>(), new List<long>(), new List<decimal>(),
            new List<Guid>(), new List<DateTime>(), new List<TimeSpan>(), new List<double>(), new List<float>(),
            new List<byte>(), new List<sbyte>(), new List<ushort>(), new List<uint>(), new List<ulong>(),
            new List<DateTimeOffset>(), new List<string>(), new Dictionary<int, string>(), new Dictionary<string, long>(),
            new HashSet<int>(), new HashSet<string>(), new Queue<int>(), new Stack<long>(),
        ];
        byte[] bytes = slim.Serialize(value);
        Assert.That(Default().Deserialize<object[]>(bytes), Has.Length.EqualTo(value.Length));
    }

    // ---- members a tolerant layout drops ----

    private static SlimSerializer PairOnly() =>
        new(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)) });

    /// <summary>
    /// A Pair whose member list adds <c>X</c> of wire type <paramref name="dropped"/> (this reader's Pair has no X), then the
    /// body: A = 7, B = null, then X as <paramref name="droppedValue"/> writes it.
    /// </summary>
    private static byte[] PairWithDropped(SlimSerializer slim, Func<TypeTable, uint> dropped, Action<SlimWriter> droppedValue) =>
        Root(slim, t => t.Named("LayoutGolden.Pair", TestAssembly, EntryMemberList, t.MemberList(
            [("A", () => t.Existing(TInt)), ("B", () => t.Existing(TString)), ("X", () => dropped(t))])), w =>
        {
            w.WriteInt32(7);
            w.WriteVarUInt32(Null);
            droppedValue(w);
        });

    /// <summary>A CallbackRecorder announced "of the declared type" (no type name), with the token that proves it ran.</summary>
    private static Action<SlimWriter> Recorder(string token) => w =>
    {
        w.WriteVarUInt32(NewOfDeclaredType);
        w.WriteVarUInt32(NewOfDeclaredType); // Token: a new string
        w.WriteString(token);
        w.WriteInt32(0); // Value
    };

    public static IEnumerable<TestCaseData> DroppedShapes()
    {
        yield return new TestCaseData(
            (Func<TypeTable, uint>)(t => t.Generic(TKeyValuePair, () => t.Named(typeof(CallbackRecorder)), () => t.Existing(TInt))),
            (Func<string, Action<SlimWriter>>)(token => w => { Recorder(token)(w); w.WriteInt32(0); }))
            .SetName("Dropped_KeyValuePairOfRefusedClass");
        yield return new TestCaseData(
            (Func<TypeTable, uint>)(t => t.Generic(TKeyValuePair, () => t.Existing(TInt),
                () => t.Generic(TKeyValuePair, () => t.Named(typeof(CallbackRecorder)), () => t.Existing(TInt)))),
            (Func<string, Action<SlimWriter>>)(token => w => { w.WriteInt32(0); Recorder(token)(w); w.WriteInt32(0); }))
            .SetName("Dropped_RefusedClassTwoStructsDeep");
        yield return new TestCaseData(
            (Func<TypeTable, uint>)(t => t.Generic(TNullable, () => t.Generic(TKeyValuePair, () => t.Named(typeof(CallbackRecorder)), () => t.Existing(TInt)))),
            (Func<string, Action<SlimWriter>>)(token => w => { w.WriteBoolean(true); Recorder(token)(w); w.WriteInt32(0); }))
            .SetName("Dropped_NullableKeyValuePairOfRefusedClass");
        yield return new TestCaseData(
            (Func<TypeTable, uint>)(t => t.Named(typeof(CallbackRecorder))),
            (Func<string, Action<SlimWriter>>)(token => w => Recorder(token)(w)))
            .SetName("Dropped_RefusedClassItself");
    }

    [TestCaseSource(nameof(DroppedShapes))]
    public void Deserialize_DroppedMemberHoldingRefusedType_RefusedBeforeAnythingIsCreated(Func<TypeTable, uint> dropped, Func<string, Action<SlimWriter>> value)
    {
        SlimSerializer slim = PairOnly();
        string token = RanLog.NewToken();
        byte[] bytes = PairWithDropped(slim, dropped, value(token));

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimTypeNotAllowedException>(), error?.ToString());
        Assert.That(error!.Message, Does.Contain(nameof(CallbackRecorder)));
        Assert.That(RanLog.Of(token), Is.Empty, "no CallbackRecorder was created, so none of its callbacks ran");
    }

    [Test]
    public void Deserialize_DroppedKeyValuePairOfStringBuilder_RefusedUnderTheDefaultPolicy()
    {
        SlimSerializer slim = PairOnly();
        byte[] bytes = PairWithDropped(slim, t => t.Generic(TKeyValuePair, () => t.Named("System.Text.StringBuilder", CoreLib), () => t.Existing(TInt)),
            w => { w.WriteVarUInt32(Null); w.WriteInt32(0); });

        Exception? error = Bounded.Read(() => slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.TypeOf<SlimTypeNotAllowedException>(), error?.ToString());
        Assert.That(error!.Message, Does.Contain("System.Text.StringBuilder"));
    }

    [Test]
    public void Deserialize_DroppedAllowedStruct_IsStillAccepted()
    {
        SlimSerializer slim = PairOnly();
        byte[] bytes = PairWithDropped(slim, t => t.Generic(TKeyValuePair, () => t.Existing(TString), () => t.Existing(TInt)),
            w => { w.WriteVarUInt32(NewOfDeclaredType); w.WriteString("k"); w.WriteInt32(5); });

        object? result = null;
        Exception? error = Bounded.Read(() => result = slim.Deserialize(bytes), bytes.Length);

        Assert.That(error, Is.Null, error?.ToString());
        Assert.That(((LayoutGolden.Pair)result!).A, Is.EqualTo(7));
    }

    // ---- reading plans ----

    private static byte[] PairWithMembers(SlimSerializer slim, IEnumerable<string> extra) =>
        Root(slim, t => t.Named("LayoutGolden.Pair", TestAssembly, EntryMemberList, t.MemberList(
            [("A", () => t.Existing(TInt)), ("B", () => t.Existing(TString)), .. extra.Select(name => (name, (Func<uint>)(() => t.Existing(TInt))))])), w =>
        {
            w.WriteInt32(7);
            w.WriteVarUInt32(Null);
            foreach (string _ in extra)
            {
                w.WriteInt32(1);
            }
        });

    [Test]
    public void Deserialize_LayoutListing4000MembersForATwoMemberClass_RefusedBeforeDecoding()
    {
        SlimSerializer slim = Default();
        byte[] bytes = PairWithMembers(slim, Enumerable.Range(0, 4000).Select(i => "member" + i));

        Exception? error = Bounded.Read(() => slim.Deserialize<LayoutGolden.Pair>(bytes), bytes.Length, bytesPerInputByte: 4);

        Assert.That(error, Is.TypeOf<SlimLimitExceededException>(), error?.ToString());
        Assert.That(((SlimLimitExceededException)error!).LimitName, Does.StartWith(nameof(SlimLimits.MaxLayoutExtraMembers)));
        Assert.That(error.Message, Does.Contain("LayoutGolden.Pair"));
        Assert.That(slim.Layouts.PlanCount, Is.Zero);
    }

    [Test]
    public void Deserialize_LayoutWithinTheExtraMembers_IsAccepted()
    {
        SlimSerializer slim = Default();
        byte[] bytes = PairWithMembers(slim, Enumerable.Range(0, SlimLimits.Default.MaxLayoutExtraMembers).Select(i => "m" + i));

        object? result = null;
        Exception? error = Bounded.Read(() => result = slim.Deserialize<LayoutGolden.Pair>(bytes), bytes.Length);

        Assert.That(error, Is.Null, error?.ToString());
        Assert.That(((LayoutGolden.Pair)result!).A, Is.EqualTo(7));
    }

    [Test]
    public void Deserialize_FloodOfDistinctLayouts_RetainsAtMostThePlanCacheBytesAndEvictsTheOldest()
    {
        const long planCache = 64 * 1024;
        var slim = new SlimSerializer(SlimOptions.Default with { Limits = SlimLimits.Default with { MaxPlanCacheBytes = planCache } });
        byte[] first = PairWithMembers(slim, ["first"]);
        slim.Deserialize<LayoutGolden.Pair>(first);
        int flood = 60;
        for (int i = 0; i < flood; i++)
        {
            byte[] bytes = PairWithMembers(slim, Enumerable.Range(0, 60).Select(j => $"f{i}_{j}"));
            Exception? error = Bounded.Read(() => slim.Deserialize<LayoutGolden.Pair>(bytes), bytes.Length);
            Assert.That(error, Is.Null, error?.ToString());
            Assert.That(slim.Layouts.PlanBytes, Is.LessThanOrEqualTo(planCache));
        }

        Assert.That(slim.Layouts.PlanCount, Is.LessThan(flood), "the oldest plans were dropped");
        Assert.That(slim.Layouts.PlanCount, Is.GreaterThan(1));
        Assert.That(slim.Deserialize<LayoutGolden.Pair>(first).A, Is.EqualTo(7), "a dropped layout is compiled again when met again");
    }
}
