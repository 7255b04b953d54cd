using System.Reflection;
using NFX.IO;
using NFX.Slim.Generators.Model;

namespace NFX.Tests.Generators;

/// <summary>
/// The generator's list of native value types is StreamerFormats' table: the same types, and methods of SlimWriter and
/// SlimReader of the names it calls, for each type and its nullable.
/// </summary>
public sealed class NativeValueTypesTests
{
    [Test]
    public void NativeValueTypes_AreTheDefaultFormatsValueTypes()
    {
        Type[] table = [.. StreamerFormat.Default.NativeTypes.Where(t => t.IsValueType && Nullable.GetUnderlyingType(t) is null)];
        Assert.That(NativeValueTypes.All.Select(row => row.Key), Is.EqualTo(table.Select(t => t.FullName)));
        Type[] nullables = [.. StreamerFormat.Default.NativeTypes.Where(t => Nullable.GetUnderlyingType(t) is not null)];
        Assert.That(nullables.Select(t => Nullable.GetUnderlyingType(t)!.FullName), Is.EqualTo(NativeValueTypes.All.Select(row => row.Key)));
    }

    [Test]
    public void NativeValueTypes_NameTheWriterAndReaderMethodsOfTheirRows()
    {
        foreach ((string name, string suffix) in NativeValueTypes.All)
        {
            Type type = StreamerFormat.Default.NativeTypes.Single(t => t.FullName == name);
            Type nullable = typeof(Nullable<>).MakeGenericType(type);
            Assert.That(Method(typeof(SlimWriter), "Write" + suffix, type).ReturnType, Is.EqualTo(typeof(void)), name);
            Assert.That(Method(typeof(SlimReader), "Read" + suffix).ReturnType, Is.EqualTo(type), name);
            Assert.That(Method(typeof(SlimWriter), "WriteNullable" + suffix, nullable).ReturnType, Is.EqualTo(typeof(void)), name);
            Assert.That(Method(typeof(SlimReader), "ReadNullable" + suffix).ReturnType, Is.EqualTo(nullable), name);
            // The row of the format calls the same methods (its write and read, as the runtime's codecs call them).
            Assert.That(StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? row), Is.True);
            Assert.That(row!.WriteMethod.Name, Is.EqualTo("Write" + suffix), name);
            Assert.That(StreamerFormat.Default.TryGetCodec(nullable, out NativeTypeCodec? nullableRow), Is.True);
            Assert.That(nullableRow!.WriteMethod.Name, Is.EqualTo("WriteNullable" + suffix), name);
        }
    }

    [Test]
    public void NativeValueTypes_RunsAreTheTablesRunEncodings()
    {
        foreach ((string name, string suffix) in NativeValueTypes.All)
        {
            Type type = StreamerFormat.Default.NativeTypes.Single(t => t.FullName == name);
            Assert.That(StreamerFormat.Default.TryGetCodec(type, out NativeTypeCodec? row), Is.True);
            Assert.That(StreamerFormat.Default.TryGetCodec(typeof(Nullable<>).MakeGenericType(type), out NativeTypeCodec? nullableRow), Is.True);
            // The generated run calls UnsafeRunWrites.{suffix} / UnsafeRunReads.{suffix}: the methods of the row.
            Assert.That(NativeValueTypes.RunBytes(suffix, reading: false), Is.EqualTo(row!.RunMaxBytes), name);
            Assert.That(NativeValueTypes.RunBytes(suffix, reading: true), Is.EqualTo(row.RunReadMethod is null ? 0 : row.RunMaxBytes), name);
            Assert.That(NativeValueTypes.RunBytes("Nullable" + suffix, reading: false), Is.EqualTo(nullableRow!.RunMaxBytes), name);
            Assert.That(NativeValueTypes.RunBytes("Nullable" + suffix, reading: true), Is.EqualTo(nullableRow.RunReadMethod is null ? 0 : nullableRow.RunMaxBytes), name);
            if (row.RunMaxBytes != 0)
            {
                Assert.That(row.RunWriteMethod!.Name, Is.EqualTo(suffix), name);
                Assert.That(row.RunWriteMethod.DeclaringType, Is.EqualTo(typeof(UnsafeRunWrites)), name);
                Assert.That(nullableRow.RunNullable && nullableRow.RunWriteMethod == row.RunWriteMethod, Is.True, name);
            }
            if (row.RunReadMethod is not null)
            {
                Assert.That(row.RunReadMethod.Name, Is.EqualTo(suffix), name);
                Assert.That(row.RunReadMethod.DeclaringType, Is.EqualTo(typeof(UnsafeRunReads)), name);
            }
        }
        Assert.That(NativeValueTypes.Runs.Select(run => run.Suffix), Is.SubsetOf(NativeValueTypes.All.Select(row => row.Value)));
    }

    private static MethodInfo Method(Type owner, string name, params Type[] parameters) =>
        owner.GetMethod(name, BindingFlags.Public | BindingFlags.Instance, parameters) ?? throw new AssertionException($"{owner.Name}.{name} is not public");
}
