using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim;

/// <summary>
/// A clone of an ordinary class starts as a new uninitialized object with only its plain-data and string fields copied;
/// its body sets the references. What a round trip through bytes gives must come out: readonly and inherited private
/// fields copied, [NonSerialized] ones left default, references cloned (not shared with the source).
/// </summary>
public sealed class DeepCloneShellTests
{
    [Test]
    public void DeepClone_NativeArrayInAnObjectSlot_IsCopiedEveryTime()
    {
        // The array's codec makes its typed copy at the first clone: the first and a later clone both copy.
        var slim = RoundTrip.NewSerializer();
        object[] source = [new double[] { 1.5, 2.5 }, new Guid[] { Guid.Empty }];
        for (int round = 0; round < 2; round++)
        {
            object[] clone = slim.DeepClone(source);
            Assert.That(clone[0], Is.Not.SameAs(source[0]).And.EqualTo(source[0]), $"round {round}");
            Assert.That(clone[1], Is.Not.SameAs(source[1]).And.EqualTo(source[1]), $"round {round}");
        }
    }

    [Test]
    public void DeepClone_NonSerializedField_IsDefaultInTheClone()
    {
        var source = new WithNonSerialized { Kept = 1, Dropped = 2 };

        WithNonSerialized clone = RoundTrip.NewSerializer().DeepClone(source);

        Assert.That(clone, Is.Not.SameAs(source));
        Assert.That(clone.Kept, Is.EqualTo(1));
        Assert.That(clone.Dropped, Is.Zero, "a round trip through bytes drops it too");
        Assert.That(source.Dropped, Is.EqualTo(2), "the source is untouched");
    }

    [Test]
    public void DeepClone_ReadonlyAndStructFields_AreCopied()
    {
        var source = new WithReadonly(7, "seven", new ReadonlyPair(8, "eight"));

        WithReadonly clone = RoundTrip.NewSerializer().DeepClone(source);

        Assert.That(clone, Is.Not.SameAs(source));
        Assert.That((clone.Id, clone.Name, clone.Pair.A, clone.Pair.B), Is.EqualTo((7, "seven", 8, "eight")));
    }

    [Test]
    public void DeepClone_InheritedPrivateFieldsOfTheSameName_AreBothCopied()
    {
        var source = new Derived();
        source.SetSecret(1);
        source.SetOwn(2);

        Derived clone = RoundTrip.NewSerializer().DeepClone(source);

        // The shell is uninitialized (no field initializers run): both values come from the copy.
        Assert.That((clone.Secret, clone.OwnSecret), Is.EqualTo((1, 2)));
    }

    [Test]
    public void DeepClone_ReferenceFieldsBesidePlainOnes_AreClonedAndShareAsInTheSource()
    {
        var shared = new List<string> { "a" };
        var source = new Holder { Number = 3, Text = "t", First = shared, Second = shared, Stamp = new DateTime(2026, 11, 23, 0, 0, 0, DateTimeKind.Utc) };

        Holder clone = RoundTrip.NewSerializer().DeepClone(source);

        Assert.That((clone.Number, clone.Text, clone.Stamp), Is.EqualTo((source.Number, source.Text, source.Stamp)));
        Assert.That(clone.First, Is.Not.SameAs(shared).And.EqualTo(shared));
        Assert.That(clone.Second, Is.SameAs(clone.First));
        Assert.That(clone.Text, Is.SameAs(source.Text), "strings are immutable: a clone shares them");
    }

    /// <summary>Plain fields, a string and references in one class.</summary>
    public sealed class Holder
    {
        public int Number;
        public string? Text;
        public List<string>? First;
        public List<string>? Second;
        public DateTime Stamp;
    }
}
