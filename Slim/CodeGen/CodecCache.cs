using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Diagnostics.CodeAnalysis;
using System.Reflection;
using System.Runtime.CompilerServices;
using NFX.IO;
using NFX.Slim.Codecs;
using NFX.Slim.Codecs.Collections;
using NFX.Slim.Generated;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The codecs of one serializer, built on first use of each runtime type and cached thread-safely. The choice, in
/// order: user serializer (registered for the type itself, else the first one in <see cref="SlimOptions.Serializers"/>
/// registered for a base type or interface of it: a surrogate), native type, enum, Type value, array, known collection, Uri/Version, exception, other
/// struct (boxed), subclass of a hashed or sorted collection, other class (generated field functors).
/// </summary>
internal sealed class CodecCache
{
    private readonly ConcurrentDictionary<Type, SlimCodec> _codecs = new();
    // By type, then by name: reference keys only, whose ConcurrentDictionary code is precompiled (a value-tuple key is an
    // instantiation the JIT compiles at a fresh process's first call).
    private readonly ConcurrentDictionary<Type, ConcurrentDictionary<string, ReferenceSlot>> _slots = new();
    private readonly ConcurrentDictionary<Type, ReferenceSlot> _plainSlots = new();
    private readonly Dictionary<Type, ISlimTypeSerializer> _custom;
    private readonly ISlimTypeSerializer[] _surrogates;
    private readonly StreamerFormat _format;
    private readonly ValueExpressions _values;
    private readonly IReadOnlyCollection<string>? _allowedCultures;
    private readonly bool _useGenerated;
    private readonly bool _allowRuntime;

    public CodecCache(SlimOptions options)
    {
        _format = options.Format;
        _allowedCultures = options.AllowedCultures;
        _useGenerated = options.UseGeneratedCodecs;
        _allowRuntime = !options.GeneratedCodecsOnly;
        _custom = [];
        var surrogates = new List<ISlimTypeSerializer>();
        foreach (ISlimTypeSerializer serializer in options.Serializers)
        {
            // The first registered serves, as among surrogates: writer and reader must pick the same one.
            _custom.TryAdd(serializer.Type, serializer);
            // Only a serializer for a type that has other types assignable to it can serve them.
            if (!serializer.Type.IsSealed || serializer.Type.IsInterface)
            {
                surrogates.Add(serializer);
            }
        }
        _surrogates = [.. surrogates];
        _values = new ValueExpressions(this, _format);
        Structural = StructuralReach.For(options.StructuralTypes);
    }

    /// <summary>What equality, hashing, comparison and ToString of this serializer's types follow (the reader's cycle check).</summary>
    public StructuralReach Structural { get; }

    /// <summary>
    /// False when this serializer was told to build no codec at run time (<see cref="SlimOptions.GeneratedCodecsOnly"/>);
    /// whether the process can is <see cref="RuntimeCodecs.IsSupported"/>, which every runtime path checks first.
    /// </summary>
    public bool AllowsRuntimeCodecs => _allowRuntime;

    /// <summary>The expression builders the generated codecs use (reading plans of other layouts use them too).</summary>
    public ValueExpressions Values => _values;

    /// <summary>The types that have user serializers (they are allowed by the type policy).</summary>
    public IEnumerable<Type> CustomTypes => _custom.Keys;

    /// <summary>True when a user serializer is registered for exactly <paramref name="type"/> (an interface or abstract class a message may name).</summary>
    public bool IsSerializerType(Type type) => _custom.ContainsKey(type);

    /// <summary>
    /// The user serializer of <paramref name="type"/>: the one registered for it, else the first one in
    /// <see cref="SlimOptions.Serializers"/> registered for a base type or interface of it (a surrogate), except for the
    /// native types of the format, which generated code writes inline without asking.
    /// </summary>
    public ISlimTypeSerializer? SerializerFor(Type type)
    {
        if (_custom.TryGetValue(type, out ISlimTypeSerializer? exact))
        {
            return exact;
        }
        if (_surrogates.Length != 0 && !_format.IsNative(type))
        {
            foreach (ISlimTypeSerializer surrogate in _surrogates)
            {
                if (surrogate.Type.IsAssignableFrom(type))
                {
                    return surrogate;
                }
            }
        }
        return null;
    }

    /// <summary>The codec of <paramref name="type"/> if one was built already (never builds one).</summary>
    public bool TryGetBuilt(Type type, [System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out SlimCodec? codec) => _codecs.TryGetValue(type, out codec);

    public SlimCodec Get(Type type) => _codecs.TryGetValue(type, out SlimCodec? codec) ? codec : _codecs.GetOrAdd(type, Create);

    /// <summary>A shared slot for references declared as <paramref name="type"/> at <paramref name="name"/>.</summary>
    public ReferenceSlot SlotFor(Type type, string name)
    {
        ConcurrentDictionary<string, ReferenceSlot> named = _slots.TryGetValue(type, out ConcurrentDictionary<string, ReferenceSlot>? known)
            ? known
            : _slots.GetOrAdd(type, new ConcurrentDictionary<string, ReferenceSlot>());
        return named.TryGetValue(name, out ReferenceSlot? slot) ? slot : named.GetOrAdd(name, new ReferenceSlot(type, name));
    }

    /// <summary>A shared slot for references declared as <paramref name="type"/>, for user serializers.</summary>
    public ReferenceSlot SlotFor(Type type) => _plainSlots.GetOrAdd(type, static t => new ReferenceSlot(t, TypeNames.Describe(t)));

    private SlimCodec Create(Type type)
    {
        CodegenBudget.Charge(CodegenBudget.PerFunctor);
        SlimCodec codec = CreateCodec(type);
        codec.HasLayout = WritesOwnFields(type, out _);
        if (Structural != StructuralReach.Builtin)
        {
            codec.IsStructural = Structural.Follows(type);
        }
        return codec;
    }

    private SlimCodec CreateCodec(Type type)
    {
        CheckSerializable(type);
        if (SerializerFor(type) is { } custom)
        {
            return new CustomCodec(custom, type);
        }
        // After the user's serializers: one registered for such a type knows what of it is worth keeping.
        if (RuntimeOnlyTypes.Describe(type) is { } runtimeOnly)
        {
            SlimThrow.UnsupportedType(type, $"{runtimeOnly} only mean something inside this process and cannot be serialized or cloned " +
                "(the reader refuses them too); mark the field [NonSerialized] ([field: NonSerialized] on an auto-property) " +
                "and keep the data it holds instead");
        }
        // Each kind's codec is made by a method of its own: this method is compiled whole at a process's first codec, and
        // every `typeof` and generic codec type in it is made then, taken branch or not (a class's first codec takes the
        // last one).
        if (_format.TryGetCodec(type, out NativeTypeCodec? native))
        {
            return CreateNative(type, native);
        }
        if (type.IsEnum)
        {
            return CreateEnum(type);
        }
        if (typeof(Type).IsAssignableFrom(type))
        {
            return new TypeValueCodec(type);
        }
        if ((type.IsSZArray || type.IsConstructedGenericType) && GenericInstantiations.TryGetFactory(type, out CollectionCodecs.Factory? factory))
        {
            return factory(_values, this);
        }
        if (type.IsArray)
        {
            return CreateArray(type);
        }
        if (type.IsConstructedGenericType && CollectionCodecs.IsCollection(type))
        {
            return CreateCollection(type);
        }
        if (TypeLayout.IsFramework(type) && CreateFramework(type) is { } framework)
        {
            return framework;
        }
        return RuntimeCodecs.IsSupported && _allowRuntime ? CreateClassOrStruct(type) : CreateGenerated(type);
    }

    private SlimCodec CreateNative(Type type, NativeTypeCodec native)
    {
        if (BuiltInNativeCodecs.Create(type, native) is { } builtIn)
        {
            return builtIn; // the codec Make would make, without reflection
        }
        if (RuntimeCodecs.IsSupported && _allowRuntime)
        {
            return Make(typeof(NativeCodec<>), [type], native);
        }
        return Refuse(type,
            "a native type of the serializer's own format is written by a codec made at run time, which this app does not build (" + RuntimeCodecs.Reason + ")");
    }

    private SlimCodec CreateEnum(Type type)
    {
        if (GenericInstantiations.TryGetFactory(type, out CollectionCodecs.Factory? registered))
        {
            return registered(_values, this);
        }
        if (!(RuntimeCodecs.IsSupported && _allowRuntime))
        {
            return Refuse(type, RuntimeCodecs.Advice(type));
        }
        Type underlying = Enum.GetUnderlyingType(type);
        _format.TryGetCodec(underlying, out NativeTypeCodec? underlyingCodec);
        return Make(typeof(EnumCodec<,>), [type, underlying], underlyingCodec!);
    }

    private SlimCodec CreateArray(Type type)
    {
        if (!(RuntimeCodecs.IsSupported && _allowRuntime))
        {
            return Refuse(type, RuntimeCodecs.Advice(type));
        }
        Type element = type.GetElementType()!;
        return type.IsSZArray
            ? Make(typeof(ArrayCodec<>), [element], _values, this)
            : Make(typeof(MultiDimArrayCodec<>), [element], type, _values);
    }

    private SlimCodec CreateCollection(Type type) =>
        RuntimeCodecs.IsSupported && _allowRuntime ? CollectionCodecs.TryCreate(type, _values, this)! : Refuse(type, RuntimeCodecs.Advice(type));

    /// <summary>
    /// The codec of any other type where codecs are built at run time: an exception's, an ISerializable type's, a boxed
    /// struct's, a collection subclass's, or a class's field by field (its generated body when it has one).
    /// </summary>
    [RequiresDynamicCode("Builds codecs at run time.")]
    [RequiresUnreferencedCode("Builds codecs over members found by reflection.")]
    private SlimCodec CreateClassOrStruct(Type type)
    {
        if (typeof(Exception).IsAssignableFrom(type))
        {
            return new ExceptionCodec(type, _values, this);
        }
        if (SerializableCodec.FindConstructor(type) is { } constructor)
        {
            return new SerializableCodec(type, constructor, this);
        }
        if (type.IsValueType)
        {
            return GenericInstantiations.TryGetFactory(type, out CollectionCodecs.Factory? boxed) ? boxed(_values, this) : Make(typeof(BoxedStructCodec<>), [type], _values);
        }
        if (CollectionCodecs.TryCreateSubclass(type, _values, this) is { } subclass)
        {
            return subclass;
        }
        GeneratedBody? generated = _useGenerated ? GeneratedBody.TryBind(type, FieldLayout.Of(type), this, _format) : null;
        return new ObjectCodec(type, _values, generated);
    }

    /// <summary>
    /// The dedicated codec of a type of the runtime written by its own rule (DBNull, the ordinal comparers, Uri, cultures,
    /// NameValueCollection, Version), or null. Asked only of the framework's types: the exact types it compares with
    /// name assemblies of their own (NameValueCollection's loads System.Collections.Specialized when this is compiled),
    /// which the first codec of an app's class never needs.
    /// </summary>
    private SlimCodec? CreateFramework(Type type)
    {
        if (type == typeof(DBNull))
        {
            return new SingletonCodec(DBNull.Value);
        }
        if (type == StringComparer.Ordinal.GetType() || type == StringComparer.OrdinalIgnoreCase.GetType())
        {
            // Process-wide singletons whose ISerializable form names another type; held in a field (a comparer that
            // wraps StringComparer.Ordinal) they must come back as themselves.
            return new SingletonCodec(type == StringComparer.Ordinal.GetType() ? StringComparer.Ordinal : StringComparer.OrdinalIgnoreCase);
        }
        if (type == typeof(Uri))
        {
            return new UriCodec();
        }
        if (type == typeof(System.Globalization.CompareInfo))
        {
            return CultureNamedCodec.ForCompareInfo(CultureNames.For(_allowedCultures));
        }
        if (type == typeof(System.Globalization.CultureInfo))
        {
            return new CultureInfoCodec(CultureNames.For(_allowedCultures));
        }
        if (type == typeof(System.Collections.Specialized.NameValueCollection))
        {
            return new NameValueCollectionCodec(type, this);
        }
        if (type == typeof(Version))
        {
            return new VersionCodec();
        }
        return null;
    }

    /// <summary>
    /// The codec of a class where no codec is built at run time: its generated body, or a refusal that names the line
    /// to add. Exceptions, ISerializable types, collection subclasses and boxed structs have codecs made at run time only.
    /// </summary>
    private SlimCodec CreateGenerated(Type type)
    {
        if (typeof(Exception).IsAssignableFrom(type) || SerializableCodec.FindConstructor(type) is not null || CollectionCodecs.CollectionBaseOf(type) is not null)
        {
            return Refuse(type, "exceptions, ISerializable types and classes deriving from a hashed or sorted collection are written by codecs " +
                "made at run time, which this app does not build (" + RuntimeCodecs.Reason + ")");
        }
        if (type.IsValueType)
        {
            return GenericInstantiations.TryGetFactory(type, out CollectionCodecs.Factory? boxed) ? boxed(_values, this) : Refuse(type, RuntimeCodecs.Advice(type));
        }
        GeneratedBody? generated = _useGenerated ? GeneratedBody.TryBind(type, FieldLayout.Of(type), this, _format) : null;
        return generated is null ? Refuse(type, RuntimeCodecs.Advice(type)) : new ObjectCodec(type, _values, generated);
    }

    private static SlimCodec Refuse(Type type, string reason)
    {
        SlimThrow.UnsupportedType(type, reason);
        throw new System.Diagnostics.UnreachableException();
    }

    /// <summary>
    /// True when the codec <see cref="Get"/> builds for <paramref name="type"/> writes the type's own fields (a user
    /// class, struct or exception), decided from the type alone, so a type named by a payload is classified before any
    /// codec is built for it. Framework types count as written by dedicated codecs: their layout is the runtime's.
    /// </summary>
    public bool WritesOwnFields(Type type, out bool isException)
    {
        isException = false;
        if (type.IsAbstract || type.IsInterface || type.IsArray || type.IsEnum || type.IsPrimitive || type.IsPointer || type.IsByRef ||
            type.IsByRefLike || type.ContainsGenericParameters || TypeLayout.IsFramework(type) || SerializerFor(type) is not null ||
            _format.IsNative(type) || typeof(Type).IsAssignableFrom(type) || typeof(Delegate).IsAssignableFrom(type) ||
            IsMarkedNotSerializable(type))
        {
            return false;
        }
        if (typeof(Exception).IsAssignableFrom(type))
        {
            isException = true;
            return true;
        }
        return SerializableCodec.FindConstructor(type) is null;
    }

    private static void CheckSerializable(Type type)
    {
        if (typeof(Delegate).IsAssignableFrom(type))
        {
            SlimThrow.UnsupportedType(type, DelegateAdvice);
        }
        if (type.IsPointer || type.IsByRef || type.IsFunctionPointer || type == typeof(IntPtr) || type == typeof(UIntPtr))
        {
            SlimThrow.UnsupportedType(type, "pointers and native handles cannot be serialized");
        }
        if (type.IsByRefLike)
        {
            SlimThrow.UnsupportedType(type, "ref structs cannot be serialized");
        }
        if (IsMarkedNotSerializable(type))
        {
            SlimThrow.UnsupportedType(type, "the type is marked [SlimNotSerializable]");
        }
        if (typeof(System.Runtime.InteropServices.SafeHandle).IsAssignableFrom(type) || typeof(MemberInfo).IsAssignableFrom(type) && !typeof(Type).IsAssignableFrom(type) ||
            typeof(Assembly).IsAssignableFrom(type) || typeof(Module).IsAssignableFrom(type))
        {
            SlimThrow.UnsupportedType(type, "handles and reflection objects other than Type cannot be serialized");
        }
        if (type.ContainsGenericParameters)
        {
            SlimThrow.UnsupportedType(type, "open generic types have no instances");
        }
    }

    // Asked by both the classification and the codec of each type; reading a type's attributes (its bases' too) is a
    // costly part of a first call, most of all under NativeAOT. Weak keys: a collectible type is not kept alive.
    private static readonly ConditionalWeakTable<Type, StrongBox<bool>> s_notSerializable = new();

    private static bool IsMarkedNotSerializable(Type type) =>
        (s_notSerializable.TryGetValue(type, out StrongBox<bool>? marked) ? marked : s_notSerializable.GetValue(type, ReadNotSerializable)).Value;

    // A method group, not a lambda (here and in the other first-call caches): a lambda's closure class is two more methods
    // for the JIT to compile at a fresh process's first call.
    private static StrongBox<bool> ReadNotSerializable(Type type) =>
        // The core library's types (a List<T>, a string, an array) and their bases cannot carry Slim's attribute.
        new(type.Assembly != typeof(object).Assembly && type.IsDefined(typeof(SlimNotSerializableAttribute), inherit: true));

    /// <summary>What a delegate refusal says: where the attribute goes for a field, an event and an auto-property.</summary>
    internal const string DelegateAdvice =
        "delegates cannot be serialized; mark the field [NonSerialized] (on an event or auto-property: [field: NonSerialized]), " +
        "or set it to null before serializing";

    [RequiresDynamicCode("Makes a generic codec type for the type's arguments.")]
    [RequiresUnreferencedCode("The codec made reflects over the type's members.")]
    private static SlimCodec Make(Type definition, Type[] arguments, params object[] constructorArguments)
    {
        try
        {
            return (SlimCodec)Activator.CreateInstance(definition.MakeGenericType(arguments), constructorArguments)!;
        }
        catch (TargetInvocationException e) when (e.InnerException is SlimException inner)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(inner);
            throw;
        }
    }
}
