using NFX.IO;
using NFX.Slim;
using static NFX.Tests.Security.Support.Wire;

namespace NFX.Tests.Slim.Layouts
{
    /// <summary>
    /// The layout part of type entries byte by byte (docs/FORMAT.md, "Layouts"): golden bytes of both forms, and forged
    /// headers that must fail with the documented exception.
    /// </summary>
    public sealed class LayoutWireTests
    {
        private const uint Next = BuiltInCount;

        private static SlimSerializer Reader() =>
            new(SlimOptions.Default with { TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)) });

        [Test]
        public void Strict_Pair_MatchesGoldenBytes()
        {
            // Fingerprint = first 4 bytes of SHA-256("LayoutGolden.Pair{A:System.Int32;B:System.String}") = 5C 35 51 4C.
            const string hex = "534C0200313577241829" + "023510" + "124C61796F7574476F6C64656E2E50616972" + "0F4E46582E536C696D2E5465737473" +
                               "5C35514C" + "0E" + "010278";
            var pair = new LayoutGolden.Pair { A = 7, B = "x" };

            Assert.That(Convert.ToHexString(new SlimSerializer().Serialize(pair)), Is.EqualTo(hex));
            Assert.That(Reader().Deserialize<LayoutGolden.Pair>(Convert.FromHexString(hex)).B, Is.EqualTo("x"));
        }

        [Test]
        public void Tolerant_Pair_MatchesGoldenBytes()
        {
            // Member list: count 2, "A" (02 41) as $10 int, "B" (02 42) as $1 string.
            const string hex = "534C0200343577241829" + "023520" + "124C61796F7574476F6C64656E2E50616972" + "0F4E46582E536C696D2E5465737473" +
                               "02" + "02410A" + "024201" + "0E" + "010278";
            var pair = new LayoutGolden.Pair { A = 7, B = "x" };
            var writer = new SlimSerializer(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant });

            Assert.That(Convert.ToHexString(writer.Serialize(pair)), Is.EqualTo(hex));
            Assert.That(Reader().Deserialize<LayoutGolden.Pair>(Convert.FromHexString(hex)).A, Is.EqualTo(7));
        }

        [Test]
        public void Tolerant_ReorderedMembers_AreMappedByName()
        {
            byte[] bytes = Message(Reader(), w => EntryWith(w, 2, ("B", TString), ("A", TInt), body: b => { b.WriteByte(1); b.WriteString("y"); b.WriteInt32(5); }));

            LayoutGolden.Pair pair = Reader().Deserialize<LayoutGolden.Pair>(bytes);

            Assert.That(pair.A, Is.EqualTo(5));
            Assert.That(pair.B, Is.EqualTo("y"));
        }

        public static IEnumerable<TestCaseData> Forged()
        {
            yield return Case("huge member count", w => { Entry(w); w.WriteVarUInt32(1_000_000); }, typeof(SlimLimitExceededException));
            yield return Case("member count beyond the bytes left", w => { Entry(w); w.WriteVarUInt32(4000); w.WriteByte(2); }, typeof(SlimFormatException));
            yield return Case("duplicate member names", w => EntryWith(w, 2, ("A", TInt), ("A", TInt), body: b => { b.WriteInt32(1); b.WriteInt32(2); }), typeof(SlimFormatException));
            yield return Case("null member name", w => { Entry(w); w.WriteVarUInt32(1); w.WriteByte(0); w.WriteVarUInt32(TInt); }, typeof(SlimFormatException));
            yield return Case("empty member name", w => { Entry(w); w.WriteVarUInt32(1); w.WriteByte(1); w.WriteVarUInt32(TInt); }, typeof(SlimFormatException));
            yield return Case("member name over 1024 bytes", w => { Entry(w); w.WriteVarUInt32(1); w.WriteString(new string('n', 1025)); w.WriteVarUInt32(TInt); }, typeof(SlimFormatException));
            yield return Case("member name not UTF-8", w => { Entry(w); w.WriteVarUInt32(1); w.WriteVarUInt32(3); w.WriteByte(0xC0); w.WriteByte(0x80); w.WriteVarUInt32(TInt); w.WriteByte(1); w.WriteInt32(1); }, typeof(SlimFormatException));
            yield return Case("member of an open generic type", w => { Entry(w); w.WriteVarUInt32(1); w.WriteString("A"); w.WriteVarUInt32(TList); }, typeof(SlimFormatException));
            yield return Case("member type handle out of range", w => { Entry(w); w.WriteVarUInt32(1); w.WriteString("A"); w.WriteVarUInt32(Next + 7); }, typeof(SlimDeserializationException));
            yield return Case("wrong fingerprint", w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(0x10); PairName(w); w.WriteFixed32(0xDEADBEEF); }, typeof(SlimLayoutMismatchException));
            yield return Case("no layout for a type that has one", w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(0x00); PairName(w); w.WriteByte(1); }, typeof(SlimLayoutMismatchException));
            yield return Case("both layout flags", w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(0x30); PairName(w); }, typeof(SlimFormatException));
            yield return Case("reserved kind bits", w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(0x40); PairName(w); }, typeof(SlimFormatException));
            yield return Case("layout on an array entry", w => { w.WriteVarUInt32(NewWithType); w.WriteVarUInt32(Next); w.WriteByte(0x12); w.WriteByte(0); w.WriteVarUInt32(TInt); }, typeof(SlimFormatException));
        }

        [TestCaseSource(nameof(Forged))]
        public void ForgedLayout_ThrowsTheDocumentedException(Action<SlimWriter> body, Type expected)
        {
            byte[] bytes = Message(Reader(), body);

            Exception? error = Assert.Catch<SlimDeserializationException>(() => Reader().Deserialize<LayoutGolden.Pair>(bytes));

            Assert.That(error!.GetType(), Is.EqualTo(expected), error.Message);
        }

        [Test]
        public void ForgedLayouts_ManyDistinct_AreReadWhileTheOldestPlansAreDropped()
        {
            const long planCache = 256 * 1024;
            var reader = new SlimSerializer(SlimOptions.Default with
            {
                TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof(LayoutGolden.Pair)),
                Limits = SlimLimits.Default with { MaxPlanCacheBytes = planCache },
            });
            long perPlan = NFX.Slim.Layouts.LayoutCatalog.PlanBaseBytes + NFX.Slim.Layouts.LayoutCatalog.PlanMemberBytes + 6;
            int many = (int)(planCache / perPlan) + 50;
            for (int i = 0; i < many; i++)
            {
                string name = "m" + i;
                byte[] bytes = Message(reader, w => EntryWith(w, 1, (name, TInt), body: b => b.WriteInt32(i)));
                Assert.That(reader.Deserialize<LayoutGolden.Pair>(bytes), Is.Not.Null);
            }

            Assert.That(reader.Layouts.PlanBytes, Is.LessThanOrEqualTo(planCache));
            Assert.That(reader.Layouts.PlanCount, Is.LessThan(many));
        }

        private static TestCaseData Case(string name, Action<SlimWriter> body, Type expected) => new TestCaseData(body, expected).SetName("ForgedLayout_" + name.Replace(' ', '_'));

        private static void PairName(SlimWriter w)
        {
            w.WriteString("LayoutGolden.Pair");
            w.WriteString("NFX.Slim.Tests");
        }

        /// <summary>A new Pair announced with a member-list entry whose list the caller writes.</summary>
        private static void Entry(SlimWriter w)
        {
            w.WriteVarUInt32(NewWithType);
            w.WriteVarUInt32(Next);
            w.WriteByte(EntryNamed | EntryMemberList);
            PairName(w);
        }

        private static void EntryWith(SlimWriter w, int count, (string Name, uint Type) first, (string Name, uint Type)? second = null, Action<SlimWriter>? body = null)
        {
            Entry(w);
            w.WriteVarUInt32((uint)count);
            w.WriteString(first.Name);
            w.WriteVarUInt32(first.Type);
            if (second is { } member)
            {
                w.WriteString(member.Name);
                w.WriteVarUInt32(member.Type);
            }
            body?.Invoke(w);
        }

        private static void EntryWith(SlimWriter w, int count, (string Name, uint Type) first, Action<SlimWriter> body) => EntryWith(w, count, first, null, body);
    }
}

namespace LayoutGolden
{
    /// <summary>The documented layout example: a short wire name on purpose.</summary>
    public sealed class Pair
    {
        public int A;
        public string? B;
    }
}
