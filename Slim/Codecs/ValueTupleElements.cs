using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>The element functions of a struct made without expression trees (see <see cref="StaticStruct{T}"/>).</summary>
internal readonly record struct StaticFunctions<T>(Action<SlimWriter, T, WriteSession> Write, Func<SlimReader, ReadSession, T> Read, Func<T, CloneSession, T> CloneValue);

/// <summary>
/// The element functions of a struct Slim writes field by field, where generated code registered them for the closed
/// type (a struct of the app, <see cref="NFX.Slim.Generated.SlimStructFields{T}"/>; a Glue argument pack,
/// <see cref="ValueTupleElements"/>): <see cref="StaticElement{T}"/> takes them where nothing is compiled at run time, so
/// the struct is written in a box, a collection or another such struct. Null otherwise.
/// </summary>
internal static class StaticStruct<T>
{
    public static Func<ValueExpressions, string, StaticFunctions<T>>? Factory { get; set; }
}

/// <summary>
/// The fields of a ValueTuple, each as an element of its type (<see cref="StaticElement{T}"/>), in Slim's field order
/// (Item1..Item7, then Rest): the bytes of the compiled struct writer, which writes each field as it writes an element.
/// A field of a struct Slim writes field by field is written only when its own functions are registered (a nested pack).
/// </summary>
internal static class ValueTupleElements
{
    private static StaticFunctions<T> Element<T>(ValueExpressions values, string path)
    {
        if (!StaticElement<T>.TryCreate(values, path, out Action<SlimWriter, T, WriteSession> write, out Func<SlimReader, ReadSession, T> read,
            out Func<T, CloneSession, T> clone))
        {
            SlimThrow.Unsupported(path, $"a struct Slim writes field by field ({RuntimeCodecs.CSharpName(typeof(T))}) is written inside a ValueTuple only by a " +
                "codec built at run time, which this app does not build (NativeAOT: dynamic code is not supported); make it a class");
        }
        return new(write, read, clone);
    }


    /// <summary>The functions of <c>ValueTuple&lt;T1&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1>> Create<T1>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                return new ValueTuple<T1>(v1);
            },
            (value, session) => new ValueTuple<T1>(e1.CloneValue(value.Item1, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2>> Create<T1, T2>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                return new ValueTuple<T1, T2>(v1, v2);
            },
            (value, session) => new ValueTuple<T1, T2>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3>> Create<T1, T2, T3>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                return new ValueTuple<T1, T2, T3>(v1, v2, v3);
            },
            (value, session) => new ValueTuple<T1, T2, T3>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3, T4&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3, T4>> Create<T1, T2, T3, T4>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        StaticFunctions<T4> e4 = Element<T4>(values, path + ".Item4");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
                e4.Write(writer, value.Item4, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                T4 v4 = e4.Read(reader, session);
                return new ValueTuple<T1, T2, T3, T4>(v1, v2, v3, v4);
            },
            (value, session) => new ValueTuple<T1, T2, T3, T4>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session), e4.CloneValue(value.Item4, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3, T4, T5&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3, T4, T5>> Create<T1, T2, T3, T4, T5>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        StaticFunctions<T4> e4 = Element<T4>(values, path + ".Item4");
        StaticFunctions<T5> e5 = Element<T5>(values, path + ".Item5");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
                e4.Write(writer, value.Item4, session);
                e5.Write(writer, value.Item5, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                T4 v4 = e4.Read(reader, session);
                T5 v5 = e5.Read(reader, session);
                return new ValueTuple<T1, T2, T3, T4, T5>(v1, v2, v3, v4, v5);
            },
            (value, session) => new ValueTuple<T1, T2, T3, T4, T5>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session), e4.CloneValue(value.Item4, session), e5.CloneValue(value.Item5, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3, T4, T5, T6>> Create<T1, T2, T3, T4, T5, T6>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        StaticFunctions<T4> e4 = Element<T4>(values, path + ".Item4");
        StaticFunctions<T5> e5 = Element<T5>(values, path + ".Item5");
        StaticFunctions<T6> e6 = Element<T6>(values, path + ".Item6");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
                e4.Write(writer, value.Item4, session);
                e5.Write(writer, value.Item5, session);
                e6.Write(writer, value.Item6, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                T4 v4 = e4.Read(reader, session);
                T5 v5 = e5.Read(reader, session);
                T6 v6 = e6.Read(reader, session);
                return new ValueTuple<T1, T2, T3, T4, T5, T6>(v1, v2, v3, v4, v5, v6);
            },
            (value, session) => new ValueTuple<T1, T2, T3, T4, T5, T6>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session), e4.CloneValue(value.Item4, session), e5.CloneValue(value.Item5, session), e6.CloneValue(value.Item6, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6, T7&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3, T4, T5, T6, T7>> Create<T1, T2, T3, T4, T5, T6, T7>(ValueExpressions values, string path)
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        StaticFunctions<T4> e4 = Element<T4>(values, path + ".Item4");
        StaticFunctions<T5> e5 = Element<T5>(values, path + ".Item5");
        StaticFunctions<T6> e6 = Element<T6>(values, path + ".Item6");
        StaticFunctions<T7> e7 = Element<T7>(values, path + ".Item7");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
                e4.Write(writer, value.Item4, session);
                e5.Write(writer, value.Item5, session);
                e6.Write(writer, value.Item6, session);
                e7.Write(writer, value.Item7, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                T4 v4 = e4.Read(reader, session);
                T5 v5 = e5.Read(reader, session);
                T6 v6 = e6.Read(reader, session);
                T7 v7 = e7.Read(reader, session);
                return new ValueTuple<T1, T2, T3, T4, T5, T6, T7>(v1, v2, v3, v4, v5, v6, v7);
            },
            (value, session) => new ValueTuple<T1, T2, T3, T4, T5, T6, T7>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session), e4.CloneValue(value.Item4, session), e5.CloneValue(value.Item5, session), e6.CloneValue(value.Item6, session), e7.CloneValue(value.Item7, session)));
    }

    /// <summary>The functions of <c>ValueTuple&lt;T1, T2, T3, T4, T5, T6, T7, TRest&gt;</c>.</summary>
    public static StaticFunctions<ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>> Create<T1, T2, T3, T4, T5, T6, T7, TRest>(ValueExpressions values, string path) where TRest : struct
    {
        StaticFunctions<T1> e1 = Element<T1>(values, path + ".Item1");
        StaticFunctions<T2> e2 = Element<T2>(values, path + ".Item2");
        StaticFunctions<T3> e3 = Element<T3>(values, path + ".Item3");
        StaticFunctions<T4> e4 = Element<T4>(values, path + ".Item4");
        StaticFunctions<T5> e5 = Element<T5>(values, path + ".Item5");
        StaticFunctions<T6> e6 = Element<T6>(values, path + ".Item6");
        StaticFunctions<T7> e7 = Element<T7>(values, path + ".Item7");
        StaticFunctions<TRest> e8 = Element<TRest>(values, path + ".Rest");
        return new(
            (writer, value, session) =>
            {
                e1.Write(writer, value.Item1, session);
                e2.Write(writer, value.Item2, session);
                e3.Write(writer, value.Item3, session);
                e4.Write(writer, value.Item4, session);
                e5.Write(writer, value.Item5, session);
                e6.Write(writer, value.Item6, session);
                e7.Write(writer, value.Item7, session);
                e8.Write(writer, value.Rest, session);
            },
            (reader, session) =>
            {
                T1 v1 = e1.Read(reader, session);
                T2 v2 = e2.Read(reader, session);
                T3 v3 = e3.Read(reader, session);
                T4 v4 = e4.Read(reader, session);
                T5 v5 = e5.Read(reader, session);
                T6 v6 = e6.Read(reader, session);
                T7 v7 = e7.Read(reader, session);
                TRest v8 = e8.Read(reader, session);
                return new ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>(v1, v2, v3, v4, v5, v6, v7, v8);
            },
            (value, session) => new ValueTuple<T1, T2, T3, T4, T5, T6, T7, TRest>(e1.CloneValue(value.Item1, session), e2.CloneValue(value.Item2, session), e3.CloneValue(value.Item3, session), e4.CloneValue(value.Item4, session), e5.CloneValue(value.Item5, session), e6.CloneValue(value.Item6, session), e7.CloneValue(value.Item7, session), e8.CloneValue(value.Rest, session)));
    }
}
