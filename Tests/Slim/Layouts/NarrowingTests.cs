using NFX.Slim;

namespace NFX.Tests.Slim.Layouts.Wide
{
    /// <summary>The version a rolling upgrade widened: the old nodes (<see cref="Narrow.Reading"/>) still read it.</summary>
    public sealed class Reading
    {
        public long Big;
        public ulong Unsigned;
        public short Small;
        public double Ratio;
        public int? Maybe;
        public long? MaybeLong;
        public int IntToByte;
        public Int128 Huge;
        public string? Label;
    }
}

namespace NFX.Tests.Slim.Layouts.Narrow
{
    public sealed class Reading
    {
        public int Big;
        public int Unsigned;
        public sbyte Small;
        public float Ratio;
        public int Maybe;
        public int? MaybeLong;
        public byte IntToByte;
        public long Huge;
        public string? Label;
    }
}

namespace NFX.Tests.Slim.Layouts
{
    /// <summary>
    /// A tolerant reader converts a narrowed member when the value fits (integers of any width and signedness, double to
    /// float when exact, T? to T when not null) and otherwise fails naming the member, the value and both types.
    /// </summary>
    public sealed class NarrowingTests
    {
        private static SlimSerializer Writer(TypeRegistryMode mode) =>
            new(SlimOptions.Default with { Versioning = SlimVersioning.Tolerant, RegistryMode = mode });

        private static SlimSerializer Reader(TypeRegistryMode mode, bool allowAll) =>
            new(SlimOptions.Default with
            {
                RegistryMode = mode,
                FormerNames = [new SlimFormerName(typeof(Wide.Reading).FullName!, typeof(Narrow.Reading))],
                TypePolicy = allowAll ? SlimTypePolicy.AllowAll : SlimTypePolicy.Default.AllowNamespace("NFX.Tests.Slim.Layouts.Narrow"),
            });

        private static Wide.Reading Fitting() => new()
        {
            Big = -5, Unsigned = 7, Small = -128, Ratio = 0.5, Maybe = 9, MaybeLong = -3, IntToByte = 255, Huge = long.MinValue, Label = "x",
        };

        public static IEnumerable<TestCaseData> Modes()
        {
            foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
            {
                yield return new TestCaseData(mode, false).SetArgDisplayNames(mode.ToString(), "default policy");
                yield return new TestCaseData(mode, true).SetArgDisplayNames(mode.ToString(), "allow-all");
            }
        }

        [TestCaseSource(nameof(Modes))]
        public void Tolerant_NarrowedMembersWhoseValuesFit_AreConverted(TypeRegistryMode mode, bool allowAll)
        {
            SlimSerializer writer = Writer(mode);
            SlimSerializer reader = Reader(mode, allowAll);
            for (int message = 0; message < 2; message++)
            {
                Narrow.Reading copy = reader.Deserialize<Narrow.Reading>(writer.Serialize(Fitting()))!;

                Assert.That(copy.Big, Is.EqualTo(-5));
                Assert.That(copy.Unsigned, Is.EqualTo(7));
                Assert.That(copy.Small, Is.EqualTo(-128));
                Assert.That(copy.Ratio, Is.EqualTo(0.5f));
                Assert.That(copy.Maybe, Is.EqualTo(9));
                Assert.That(copy.MaybeLong, Is.EqualTo(-3));
                Assert.That(copy.IntToByte, Is.EqualTo(255));
                Assert.That(copy.Huge, Is.EqualTo(long.MinValue));
                Assert.That(copy.Label, Is.EqualTo("x"));
            }
        }

        [Test]
        public void Tolerant_NullIntoNullableNarrowedMember_StaysNull()
        {
            Wide.Reading value = Fitting();
            value.MaybeLong = null;

            Narrow.Reading copy = Reader(TypeRegistryMode.PerCall, false).Deserialize<Narrow.Reading>(Writer(TypeRegistryMode.PerCall).Serialize(value))!;

            Assert.That(copy.MaybeLong, Is.Null);
        }

        [TestCase("Big", "System.Int64", "System.Int32", "1099511627776")]
        [TestCase("Unsigned", "System.UInt64", "System.Int32", "18446744073709551615")]
        [TestCase("Small", "System.Int16", "System.SByte", "300")]
        [TestCase("Ratio", "System.Double", "System.Single", "0.1")]
        [TestCase("Maybe", "System.Nullable`1", "System.Int32", "null")]
        [TestCase("MaybeLong", "System.Int64", "System.Int32", "-4294967296")]
        [TestCase("IntToByte", "System.Int32", "System.Byte", "-1")]
        [TestCase("Huge", "System.Int128", "System.Int64", "170141183460469231731687303715884105727")]
        public void Tolerant_NarrowedMemberWhoseValueDoesNotFit_ThrowsNamingMemberValueAndTypes(string member, string writerType, string readerType, string shown)
        {
            Wide.Reading value = Fitting();
            switch (member)
            {
                case "Big": value.Big = 1L << 40; break;
                case "Unsigned": value.Unsigned = ulong.MaxValue; break;
                case "Small": value.Small = 300; break;
                case "Ratio": value.Ratio = 0.1; break;
                case "Maybe": value.Maybe = null; break;
                case "MaybeLong": value.MaybeLong = -(1L << 32); break;
                case "IntToByte": value.IntToByte = -1; break;
                case "Huge": value.Huge = Int128.MaxValue; break;
            }
            foreach (TypeRegistryMode mode in new[] { TypeRegistryMode.PerCall, TypeRegistryMode.Batch })
            {
                byte[] bytes = Writer(mode).Serialize(value);

                var error = Assert.Throws<SlimLayoutMismatchException>(() => Reader(mode, false).Deserialize<Narrow.Reading>(bytes))!;

                Assert.That(error.Member, Is.EqualTo(member));
                Assert.That(error.Message, Does.Contain(writerType).And.Contain(readerType).And.Contain(shown));
            }
        }

        [Test]
        public void Strict_NarrowedMember_StillThrowsOnTheFingerprint()
        {
            byte[] bytes = new SlimSerializer(SlimOptions.Default).Serialize(Fitting());

            var error = Assert.Throws<SlimLayoutMismatchException>(() => Reader(TypeRegistryMode.PerCall, false).Deserialize<Narrow.Reading>(bytes))!;

            Assert.That(error.WriterFingerprint, Is.Not.Null);
        }
    }
}
