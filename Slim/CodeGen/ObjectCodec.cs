using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.Generated;
using NFX.Slim.Session;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The codec of an ordinary class: created uninitialized at first sight (constructors never run, as with
/// BinaryFormatter), its fields written and read as a body by the functors the source generator wrote for it at build
/// time when it did (<see cref="GeneratedBody"/>), else by functors compiled from expression trees: the same bytes.
/// </summary>
internal sealed class ObjectCodec : SlimCodec
{
    private readonly Action<SlimWriter, object, WriteSession> _writeBody;
    private readonly Action<SlimReader, object, ReadSession> _readBody;
    // `() => new T()` when T's parameterless constructor runs no code (the same object GetUninitializedObject gives, through
    // the runtime's fast allocation path), else null.
    private readonly Func<object>? _newInstance;
    private readonly ConstructorInfo? _shellConstructor;

    public ObjectCodec(Type type, ValueExpressions values, GeneratedBody? generated) : base(type)
    {
        HeaderIsEmpty = true;
        CloneHeaderIsLeaf = true;
        FieldInfo[] fields = FieldLayout.Of(type);
        CloneNeedsBody = NeedsCloneBody(fields, values, out bool eager);
        CloneBodyIsEager = CloneNeedsBody && eager;
        if (generated is { Codec.FactsKnown: true, CloneFields: { } cloneOfGenerator })
        {
            // The generator said whether the class may have callbacks and whether `new T()` runs no code (from the
            // compilation of the class and all its bases): its methods are read only when it may have callbacks, its
            // constructor's IL never, and a native app allocates such shells with `new T()` too. The other ways are in
            // methods of their own, so compiling this constructor makes none of their types.
            Generated = generated;
            (_writeBody, _readBody) = (generated.Write, generated.Read);
            Callbacks = generated.Codec.HasCallbacks ? SerializationCallbacks.For(type) : null;
            _newInstance = generated.Codec.HasTrivialConstructor switch
            {
                true => generated.NewShell ?? CompiledNewShell(type),
                false => null,
                null => NewShellIfTrivial(type, generated),
            };
            SetCloneFunctors(new(generated.CloneShell(_newInstance)), new(cloneOfGenerator));
            return;
        }
        Callbacks = SerializationCallbacks.For(type);
        Generated = generated;
        _newInstance = generated is null
            ? RuntimeBody(type, fields, values, out _writeBody, out _readBody, out _shellConstructor)
            : GeneratedBodyReadByReflection(type, fields, values, generated, out _writeBody, out _readBody, out _shellConstructor);
    }

    // A class of plain data and strings only (an address, a point) is complete after its shallow copy; one whose other
    // fields are leaf arrays gets its body at once. A loop, not Any/All: their closure is three methods for the JIT to
    // compile at a fresh process's first call.
    private static bool NeedsCloneBody(FieldInfo[] fields, ValueExpressions values, out bool eager)
    {
        bool needsBody = false;
        eager = true;
        foreach (FieldInfo field in fields)
        {
            if (!FieldClone.IsOwnClone(field.FieldType, values))
            {
                needsBody = true;
                eager &= values.IsLeafArray(field.FieldType);
            }
        }
        return needsBody;
    }

    // The body compiled from expression trees; returns the shell factory.
    private Func<object>? RuntimeBody(Type type, FieldInfo[] fields, ValueExpressions values, out Action<SlimWriter, object, WriteSession> write,
        out Action<SlimReader, object, ReadSession> read, out ConstructorInfo? shellConstructor)
    {
        if (!RuntimeCodecs.IsSupported)
        {
            throw new InvalidOperationException($"No runtime codec is built for {type} where code cannot be generated at run time.");
        }
        var functors = new FieldFunctors(type, fields, values, plainFieldsCopied: true);
        (write, read) = (functors.Write, functors.Read);
        shellConstructor = TrivialConstructor.Find(type);
        Func<object>? newInstance = shellConstructor is null ? null : CompileNewShell(type, shellConstructor);
        SetCloneFunctors(RuntimeShallowCopy(type, fields, values, shellConstructor), functors.Clone);
        return newInstance;
    }

    // The generated body of a codec that does not say what its class is (an earlier generator's) or that has no clone:
    // whether `new T()` runs no code is read from its IL, which a native app does not carry (there every shell is an
    // uninitialized object, what such a constructor would have made anyway). Returns the shell factory.
    private Func<object>? GeneratedBodyReadByReflection(Type type, FieldInfo[] fields, ValueExpressions values, GeneratedBody generated,
        out Action<SlimWriter, object, WriteSession> write, out Action<SlimReader, object, ReadSession> read, out ConstructorInfo? shellConstructor)
    {
        (write, read) = (generated.Write, generated.Read);
        shellConstructor = RuntimeCodecs.IsSupported ? TrivialConstructor.Find(type) : null;
        Func<object>? newInstance = shellConstructor is null ? null
            : generated.NewShell ?? (RuntimeCodecs.IsSupported ? CompileNewShell(type, shellConstructor) : null);
        LazyCloneFunctor<Action<object, object, CloneSession>> cloneFields;
        LazyCloneFunctor<Func<object, object>> cloneShell;
        if (generated.CloneFields is { } generatedClone)
        {
            cloneFields = new(generatedClone);
            cloneShell = new(generated.CloneShell(newInstance));
        }
        else if (RuntimeCodecs.IsSupported)
        {
            cloneFields = FieldFunctors.LazyClone(type, fields, values, plainFieldsCopied: true);
            cloneShell = RuntimeShallowCopy(type, fields, values, shellConstructor);
        }
        else
        {
            NoClone(type, out cloneFields, out cloneShell);
        }
        SetCloneFunctors(cloneShell, cloneFields);
        return newInstance;
    }

    // A trivial constructor the generated code cannot call (not accessible, or the class has required members): `new T()`
    // compiled where runtime codecs are, else null (an uninitialized shell, the same object).
    private static Func<object>? CompiledNewShell(Type type)
    {
        if (RuntimeCodecs.IsSupported && TrivialConstructor.Find(type) is { } constructor)
        {
            return CompileNewShell(type, constructor);
        }
        return null;
    }

    // The generator could not tell (initializers to default values, which an optimized build leaves out): the IL says,
    // where it is read (not in a native app, where the shell is then an uninitialized object, the same object).
    private static Func<object>? NewShellIfTrivial(Type type, GeneratedBody generated)
    {
        if (RuntimeCodecs.IsSupported && TrivialConstructor.Find(type) is { } constructor)
        {
            return generated.NewShell ?? CompileNewShell(type, constructor);
        }
        return null;
    }

    // Where nothing is compiled and the generator wrote no clone: a clone says why. In a method of its own, so the
    // constructor captures nothing (a closure over its parameter was a display class made, and compiled, for every codec).
    private static void NoClone(Type type, out LazyCloneFunctor<Action<object, object, CloneSession>> cloneFields,
        out LazyCloneFunctor<Func<object, object>> cloneShell)
    {
        cloneFields = new((_, _, _) => SlimThrow.Unsupported(GraphPath.Readable(type), "the source generator wrote no clone for the type"));
        cloneShell = new(_ => throw new SlimSerializationException($"The source generator wrote no clone for {NFX.Slim.TypeSystem.TypeNames.Describe(type)}."));
    }

    // The shallow copy is built on the first clone; the builder is made only where runtime codecs are. Behind a method
    // whose signature names no expression type: compiling the constructor of a generated type's codec would otherwise
    // load System.Linq.Expressions (a fresh process's first call never builds an expression on the generated path).
    [RequiresDynamicCode("Builds an expression tree that may set init-only fields.")]
    [RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
    private static LazyCloneFunctor<Func<object, object>> RuntimeShallowCopy(Type type, FieldInfo[] fields, ValueExpressions values,
        ConstructorInfo? shellConstructor) =>
        new(ShallowCopyBuilder(type, fields, values, shellConstructor));

    // The shallow copy is built on the first clone; the builder is made only where runtime codecs are.
    [RequiresDynamicCode("Builds an expression tree that may set init-only fields.")]
    [RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
    private static Func<Func<object, object>> ShallowCopyBuilder(Type type, FieldInfo[] fields, ValueExpressions values,
        ConstructorInfo? shellConstructor) =>
        () => FieldClone.ShallowCopy(type, fields, values, shellConstructor).Compile();

    [RequiresDynamicCode("Compiles an expression tree.")]
    [RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
    private static Func<object> CompileNewShell(Type type, ConstructorInfo shellConstructor) =>
        Expression.Lambda<Func<object>>(Expression.Convert(NewShell(type, shellConstructor), typeof(object)), $"New_{type.Name}", parameters: []).Compile();

    public override bool HasBody => true;

    /// <summary>
    /// True when the shell is the generated codec's <c>new T()</c> (<see cref="SlimGeneratedCodec.NewShell"/>): generated
    /// code that reads an object of the class in place may then write <c>new T()</c> itself, the same shell.
    /// </summary>
    internal bool ShellIsGeneratedNew => _newInstance is not null && ReferenceEquals(_newInstance, Generated?.NewShell);

    /// <summary>True when the body is the source generator's (no expression tree was compiled for it).</summary>
    public bool IsGenerated => Generated is not null;

    /// <summary>The source generator's codec bound to this serializer, or null when the body was compiled at run time.</summary>
    internal GeneratedBody? Generated { get; }

    /// <summary>
    /// The parameterless constructor that runs no code (<see cref="TrivialConstructor"/>), with which a shallow copy built
    /// at run time allocates; null when the type has none, and when the generated codec allocates shells and clones
    /// itself (it said whether that constructor runs no code).
    /// </summary>
    internal ConstructorInfo? ShellConstructor => _shellConstructor;

    public override void WriteHeader(SlimWriter writer, object value, WriteSession session) { }

    public override void WriteBody(SlimWriter writer, object value, WriteSession session) => _writeBody(writer, value, session);

    protected override Action<SlimWriter, object, WriteSession> CreateBodyWriter() => _writeBody;

    /// <summary>
    /// The shell: <c>new T()</c> when that constructor runs no code (<see cref="TrivialConstructor"/>: about half the
    /// cost of GetUninitializedObject, and every field is default either way), else an uninitialized object; no code
    /// of the type ever runs.
    /// </summary>
    public override object ReadHeader(SlimReader reader, ReadSession session) =>
        _newInstance is { } newInstance ? newInstance() : Generated is { } generated ? generated.NewUninitialized() : NewUninitialized(Type);

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2067",
        Justification = "Only runtime codecs, never built where members may be trimmed (RuntimeCodecs.IsSupported), allocate through here.")]
    private static object NewUninitialized(Type type) => RuntimeHelpers.GetUninitializedObject(type);

    public override void ReadBody(SlimReader reader, object instance, ReadSession session) => _readBody(reader, instance, session);

    /// <summary>True when <see cref="ReadBody"/> is <see cref="Generated"/>'s own read (the generator's facts known): a reader may call the generated body itself.</summary>
    internal bool ReadsThroughGenerated => Generated is { } generated && ReferenceEquals(_readBody, generated.Read);

    /// <summary>
    /// A clone starts as a new uninitialized object with the fields that need no cloning copied (plain data, strings);
    /// its body then sets the references to their clones. [NonSerialized] fields stay default, as a round trip through
    /// bytes leaves them. (Object.MemberwiseClone would copy those, and allocates through the runtime's slow path:
    /// docs/perf/notes.md.)
    /// </summary>
    public override object CloneHeader(object source, CloneSession session) => CloneShell!(source);

    public override void CloneBody(object source, object target, CloneSession session) => CloneFields!(source, target, session);

    /// <summary><c>(writer, obj, session) => { var o = (T)obj; write(o.f1); write(o.f2); ... }</c></summary>
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    internal static Expression<Action<SlimWriter, object, WriteSession>> BuildWrite(Type type, FieldInfo[] fields, ValueExpressions values)
    {
        ParameterExpression writer = Expression.Parameter(typeof(SlimWriter), "writer");
        ParameterExpression obj = Expression.Parameter(typeof(object), "obj");
        ParameterExpression session = Expression.Parameter(typeof(WriteSession), "session");
        ParameterExpression typed = Expression.Variable(type, "o");
        Expression body = Expression.Block([typed],
            Expression.Assign(typed, Expression.Convert(obj, type)),
            values.WriteFields(typed, fields, writer, session, FieldLayout.DisplayName, depth: 0));
        return Expression.Lambda<Action<SlimWriter, object, WriteSession>>(body, $"Write_{type.Name}", [writer, obj, session]);
    }

    /// <summary><c>(reader, obj, session) => { var o = (T)obj; o.f1 = read(); o.f2 = read(); ... }</c></summary>
    [RequiresDynamicCode("Builds expression trees that are compiled at run time.")]
    [RequiresUnreferencedCode("Builds expressions over members found by reflection or by name.")]
    internal static Expression<Action<SlimReader, object, ReadSession>> BuildRead(Type type, FieldInfo[] fields, ValueExpressions values)
    {
        ParameterExpression reader = Expression.Parameter(typeof(SlimReader), "reader");
        ParameterExpression obj = Expression.Parameter(typeof(object), "obj");
        ParameterExpression session = Expression.Parameter(typeof(ReadSession), "session");
        ParameterExpression typed = Expression.Variable(type, "o");
        Expression body = Expression.Block([typed],
            Expression.Assign(typed, Expression.Convert(obj, type)),
            values.ReadFields(typed, fields, reader, session, FieldLayout.DisplayName, depth: 0));
        return Expression.Lambda<Action<SlimReader, object, ReadSession>>(body, $"Read_{type.Name}", [reader, obj, session]);
    }

    /// <summary><c>new T()</c> with <paramref name="shellConstructor"/> (see <see cref="ShellConstructor"/>), else <c>(T)GetUninitializedObject(typeof(T))</c>.</summary>
    [RequiresUnreferencedCode("Allocates a type the trimmer may have stripped of its constructors.")]
    internal static Expression NewShell(Type type, ConstructorInfo? shellConstructor) =>
        shellConstructor is not null
            ? Expression.New(shellConstructor)
            : Expression.Convert(Expression.Call(typeof(RuntimeHelpers).GetMethod(nameof(RuntimeHelpers.GetUninitializedObject))!,
                Expression.Constant(type, typeof(Type))), type);
}
