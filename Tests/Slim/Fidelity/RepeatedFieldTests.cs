using NFX.Tests.Slim.Support;

namespace NFX.Tests.Slim.Fidelity;

/// <summary>Inline arrays and fixed buffers travel as their whole length, in fields and boxed.</summary>
public sealed unsafe class RepeatedFieldTests : CodecTester<RepeatedHolder>
{
    protected override RepeatedHolder CreateValue()
    {
        var holder = new RepeatedHolder();
        for (int i = 0; i < 4; i++)
        {
            holder.Numbers[i] = 10 + i;
        }
        holder.Names[0] = "zero";
        holder.Names[1] = "one";
        holder.Names[2] = "zero";
        for (int i = 0; i < 5; i++)
        {
            holder.Fixed.Values[i] = 100 + i;
        }
        holder.Fixed.After = 7;
        holder.BoxedNumbers = holder.Numbers;
        return holder;
    }

    protected override void CheckCopy(RepeatedHolder original, RepeatedHolder copy)
    {
        for (int i = 0; i < 4; i++)
        {
            Assert.That(copy.Numbers[i], Is.EqualTo(10 + i), $"Numbers[{i}]");
            Assert.That(((FourInts)copy.BoxedNumbers!)[i], Is.EqualTo(10 + i), $"BoxedNumbers[{i}]");
        }
        Assert.That(new[] { copy.Names[0], copy.Names[1], copy.Names[2] }, Is.EqualTo(new[] { "zero", "one", "zero" }));
        for (int i = 0; i < 5; i++)
        {
            Assert.That(copy.Fixed.Values[i], Is.EqualTo(100 + i), $"Fixed.Values[{i}]");
        }
        Assert.That(copy.Fixed.After, Is.EqualTo(7));
    }
}

/// <summary>An array of inline arrays of references: each element's every slot keeps its identity.</summary>
public sealed class InlineArrayOfReferencesTests : CodecTester<ThreeNames[]>
{
    protected override ThreeNames[] CreateValue()
    {
        var names = new ThreeNames[2];
        names[0][0] = "a";
        names[0][2] = "c";
        names[1][1] = "b";
        return names;
    }

    protected override void CheckCopy(ThreeNames[] original, ThreeNames[] copy)
    {
        Assert.That(new[] { copy[0][0], copy[0][1], copy[0][2] }, Is.EqualTo(new[] { "a", null, "c" }));
        Assert.That(new[] { copy[1][0], copy[1][1], copy[1][2] }, Is.EqualTo(new[] { null, "b", null }));
    }
}
