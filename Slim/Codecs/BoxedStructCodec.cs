using System.Linq.Expressions;
using NFX.IO;
using NFX.Slim.CodeGen;
using NFX.Slim.Session;

namespace NFX.Slim.Codecs;

/// <summary>A boxed struct that is not native (a user struct, a KeyValuePair, a ValueTuple): its fields, inline.</summary>
internal sealed class BoxedStructCodec<T> : SlimCodec where T : struct
{
    private readonly Action<SlimWriter, T, WriteSession> _write;
    private readonly Func<SlimReader, ReadSession, T> _read;
    private readonly Func<T, CloneSession, T> _clone;
    private readonly bool _hasReferences;

    public BoxedStructCodec(ValueExpressions values) : base(typeof(T))
    {
        ParameterExpression writer = Expression.Parameter(typeof(SlimWriter), "writer");
        ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
        ParameterExpression value = Expression.Parameter(typeof(T), "value");
        ParameterExpression write = Expression.Parameter(typeof(WriteSession), "session");
        ParameterExpression read = Expression.Parameter(typeof(ReadSession), "session");
        ParameterExpression clone = Expression.Parameter(typeof(CloneSession), "session");
        string path = typeof(T).Name;
        _write = Expression.Lambda<Action<SlimWriter, T, WriteSession>>(values.Write(typeof(T), writer, value, write, path), writer, value, write).Compile();
        _read = Expression.Lambda<Func<SlimReader, ReadSession, T>>(values.Read(typeof(T), reader, read, path), reader, read).Compile();
        _clone = Expression.Lambda<Func<T, CloneSession, T>>(values.Clone(typeof(T), value, clone, path), value, clone).Compile();
        _hasReferences = !values.IsPlainData(typeof(T));
    }

    public override bool HasBody => false;

    public override bool HeaderReadsReferences => _hasReferences;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) => _write(writer, (T)value, session);

    public override object ReadHeader(SlimReader reader, ReadSession session) => _read(reader, session);

    public override object CloneHeader(object source, CloneSession session) => _hasReferences ? _clone((T)source, session) : source;
}
