using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using NFX.Slim.Generators.Model;

namespace NFX.Slim.Generators.Parsing;

/// <summary>
/// From the root types, every type they reach (fields, private and inherited; element types; generic arguments; for
/// polymorphic slots every concrete class of the compilation assignable to them), and for each class of the compilation
/// Slim writes field by field, its codec model, or the reason it gets none (the runtime codec serves it then).
/// </summary>
internal sealed class TypeWalker
{
    // Structs written in place nest at most this deep (the runtime's limit; deeper ones are refused there).
    private const int MaxStructNesting = 32;

    private readonly Compilation _compilation;
    private readonly INamedTypeSymbol? _exception;
    private readonly List<INamedTypeSymbol> _sourceClasses;
    private readonly HashSet<ITypeSymbol> _seen = new(SymbolEqualityComparer.Default);
    private readonly Queue<ITypeSymbol> _pending = new();
    private readonly List<CodecSpec> _codecs = [];
    private readonly List<SkippedType> _skipped = [];
    private readonly HashSet<string> _codecNames = [];

    public TypeWalker(Compilation compilation)
    {
        _compilation = compilation;
        _exception = compilation.GetTypeByMetadataName("System.Exception");
        _sourceClasses = [.. SourceTypes(compilation.Assembly.GlobalNamespace).Where(t => t.TypeKind == TypeKind.Class && !t.IsAbstract && !t.IsStatic)];
    }

    public GenerationSpec Walk(IEnumerable<ITypeSymbol> roots)
    {
        foreach (ITypeSymbol root in roots)
        {
            Visit(root);
        }
        while (_pending.Count != 0)
        {
            ITypeSymbol type = _pending.Dequeue();
            if (type is INamedTypeSymbol { TypeKind: TypeKind.Class } named && IsOwn(named))
            {
                Generate(named);
            }
        }
        _codecs.Sort(static (a, b) => string.CompareOrdinal(a.TypeName, b.TypeName));
        // A reference field whose class got a codec here is written and read through that codec's body in place.
        // A List<T> field of such a class, or of strings, is written and read in place, its elements in a slot of their own.
        var direct = _codecs.ToDictionary(c => c.TypeName, c => c.CodecName, System.StringComparer.Ordinal);
        // Classes whose shell is `new T()` (callable, runs no code): the reading code writes it itself.
        var newable = new HashSet<string>(_codecs.Where(c => c.HasNewShell && c.TrivialConstructor == true).Select(c => c.TypeName), System.StringComparer.Ordinal);
        for (int i = 0; i < _codecs.Count; i++)
        {
            var slots = new List<SlotSpec>(_codecs[i].Slots);
            _codecs[i] = _codecs[i] with { Fields = new(_codecs[i].Fields.Select(f => WithDirect(f, direct, newable, slots))) };
            _codecs[i] = _codecs[i] with { Slots = new(slots) };
        }
        _skipped.Sort(static (a, b) => string.CompareOrdinal(a.TypeName, b.TypeName));
        List<NamedTypeSpec> types = [.. _seen.OfType<INamedTypeSymbol>()
            .Where(t => IsOwn(t) && t.TypeKind is TypeKind.Class or TypeKind.Struct or TypeKind.Enum or TypeKind.Interface && !IsGeneric(t) && IsNameable(t))
            .Select(t => new NamedTypeSpec(t.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat), RuntimeName(t)))
            .OrderBy(type => type.TypeName, System.StringComparer.Ordinal)];
        List<InstantiationSpec> instantiations = [.. _seen.Select(Instantiation).OfType<InstantiationSpec>().Distinct().OrderBy(i => i.Call, System.StringComparer.Ordinal)];
        List<StructSpec> structs = [.. _seen.OfType<INamedTypeSymbol>().Select(Struct).OfType<StructSpec>().OrderBy(s => s.TypeName, System.StringComparer.Ordinal)];
        return new GenerationSpec(_compilation.AssemblyName ?? "", new(_codecs), new(types), new(instantiations), new(structs), new(_skipped));
    }

    /// <summary>
    /// The generic codecs Slim has for the BCL's collections, by definition: the <c>SlimGeneratedCodecs</c> method that
    /// registers a closed one (the runtime's CollectionCodecs table, one row each).
    /// </summary>
    private static readonly Dictionary<string, string> s_collections = new()
    {
        ["System.Collections.Generic.List`1"] = "RegisterList",
        ["System.Collections.Generic.Queue`1"] = "RegisterQueue",
        ["System.Collections.Generic.Stack`1"] = "RegisterStack",
        ["System.Collections.Generic.LinkedList`1"] = "RegisterLinkedList",
        ["System.Collections.Generic.HashSet`1"] = "RegisterHashSet",
        ["System.Collections.Generic.SortedSet`1"] = "RegisterSortedSet",
        ["System.Collections.Generic.Dictionary`2"] = "RegisterDictionary",
        ["System.Collections.Generic.SortedDictionary`2"] = "RegisterSortedDictionary",
        ["System.Collections.Generic.SortedList`2"] = "RegisterSortedList",
        ["System.Collections.ObjectModel.ObservableCollection`1"] = "RegisterObservableCollection",
        ["System.Collections.Concurrent.ConcurrentQueue`1"] = "RegisterConcurrentQueue",
        ["System.Collections.Concurrent.ConcurrentStack`1"] = "RegisterConcurrentStack",
        ["System.Collections.Concurrent.ConcurrentBag`1"] = "RegisterConcurrentBag",
        ["System.Collections.Concurrent.ConcurrentDictionary`2"] = "RegisterConcurrentDictionary",
        ["System.Collections.Immutable.ImmutableList`1"] = "RegisterImmutableList",
        ["System.Collections.Immutable.ImmutableQueue`1"] = "RegisterImmutableQueue",
        ["System.Collections.Immutable.ImmutableStack`1"] = "RegisterImmutableStack",
        ["System.Collections.Immutable.ImmutableHashSet`1"] = "RegisterImmutableHashSet",
        ["System.Collections.Immutable.ImmutableSortedSet`1"] = "RegisterImmutableSortedSet",
        ["System.Collections.Immutable.ImmutableDictionary`2"] = "RegisterImmutableDictionary",
        ["System.Collections.Immutable.ImmutableSortedDictionary`2"] = "RegisterImmutableSortedDictionary",
    };

    /// <summary>
    /// The registration of the generic codec Slim writes <paramref name="type"/> with (an array of a non-native element,
    /// an enum, a collection of the table), so an app that cannot make generic types at run time has it; null for others.
    /// </summary>
    private InstantiationSpec? Instantiation(ITypeSymbol type)
    {
        if (!IsNameable(type))
        {
            return null;
        }
        switch (type)
        {
            case IArrayTypeSymbol { Rank: 1 } array when !IsNativeArray(array):
                return new("RegisterArray<" + Name(array.ElementType) + ">", new(new[] { Key(array) }));
            case INamedTypeSymbol { TypeKind: TypeKind.Enum, EnumUnderlyingType: { } underlying } named:
                return new("RegisterEnum<" + Name(named) + ", " + Name(underlying) + ">", new(new[] { Key(named) }));
            case INamedTypeSymbol { IsGenericType: true } named when
                s_collections.TryGetValue(MetadataName(named.OriginalDefinition), out string? method):
                string call = method + "<" + string.Join(", ", named.TypeArguments.Select(Name)) + ">";
                if (method != "RegisterLinkedList")
                {
                    return new(call, new(new[] { Key(named) }));
                }
                // A linked list's codec registers its nodes' too.
                INamedTypeSymbol node = _compilation.GetTypeByMetadataName("System.Collections.Generic.LinkedListNode`1")!.Construct(named.TypeArguments[0]);
                return new(call, new(new[] { Key(named), Key(node) }));
            default:
                return null;
        }
    }

    /// <summary>How the registry recognizes <paramref name="type"/> when asked for it: a vector by its element, a generic type by its definition and arguments.</summary>
    private static InstantiationKey Key(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol { Rank: 1 } array => new(Name(type), InstantiationKey.Vector, Match(array.ElementType, "element")),
        INamedTypeSymbol named when IsMatchedByParts(named) => new(Name(type), DefinitionName(named),
            string.Join(" && ", named.TypeArguments.Select((argument, i) => Match(argument, "arguments[" + i + "]")))),
        _ => new(Name(type), InstantiationKey.Plain, Match(type, "type")),
    };

    // The C# name of the generic definition, for typeof: List<>, Dictionary<,> (the display of the unbound type is T? for
    // Nullable<>).
    private static string DefinitionName(INamedTypeSymbol named)
    {
        string owner = named.ContainingType is { } outer ? Name(outer) + "."
            : named.ContainingNamespace is { IsGlobalNamespace: false } space ? "global::" + space.ToDisplayString() + "."
            : "global::";
        return owner + named.Name + "<" + new string(',', named.Arity - 1) + ">";
    }

    private static bool IsMatchedByParts(INamedTypeSymbol named) =>
        named.Arity > 0 && named.ContainingType is null or { IsGenericType: false } && !named.IsUnboundGenericType && named.TypeArguments.Length == named.Arity;

    /// <summary>
    /// A C# condition true when the <see cref="System.Type"/> <paramref name="expression"/> is exactly
    /// <paramref name="type"/>, asked of its parts (a vector's element, a generic definition and its arguments): the JIT
    /// makes the type of every <c>typeof</c> in a method it compiles, and a closed generic or array type made for a
    /// comparison that fails is work a fresh process does for nothing (13 in Perf's registry: ~2 ms of its first call).
    /// </summary>
    internal static string Match(ITypeSymbol type, string expression)
    {
        switch (type)
        {
            case IArrayTypeSymbol { Rank: 1 } array:
                return expression + ".IsSZArray && " + Match(array.ElementType, expression + ".GetElementType()");
            case INamedTypeSymbol named when IsMatchedByParts(named):
                var text = new System.Text.StringBuilder(expression).Append(".IsConstructedGenericType && ").Append(expression)
                    .Append(".GetGenericTypeDefinition() == typeof(").Append(DefinitionName(named)).Append(')');
                for (int i = 0; i < named.TypeArguments.Length; i++)
                {
                    text.Append(" && ").Append(Match(named.TypeArguments[i], expression + ".GenericTypeArguments[" + i + "]"));
                }
                return text.ToString();
            default:
                return expression + " == typeof(" + Name(type) + ")";
        }
    }

    /// <summary>
    /// A struct of the compilation the walk reached, described field by field for the runtime's element functions (its
    /// fields in wire order, each reached through an accessor); null for any other type, and for a struct generated code
    /// cannot describe (generic, not nameable, an inline array or fixed buffer, a field of a pointer or unnameable type):
    /// the runtime refuses those where nothing is compiled, as before.
    /// </summary>
    private StructSpec? Struct(INamedTypeSymbol type)
    {
        if (type.TypeKind != TypeKind.Struct || !IsOwn(type) || IsGeneric(type) || !IsNameable(type) || type.IsRefLikeType ||
            IsServedByRuntimeCodec(type))
        {
            return null;
        }
        var fields = new List<StructFieldSpec>();
        foreach (WireLayout.WireField field in WireLayout.Of(type))
        {
            if (IsPointerOrHandle(field.Type) || field.Type is ITypeParameterSymbol || field.Type.IsRefLikeType || !IsNameable(field.Type))
            {
                return null;
            }
            fields.Add(new StructFieldSpec(field.Name, Name(field.Type)));
        }
        return new StructSpec(Name(type), CodecName(type, "_SlimStruct"), new(fields));
    }

    /// <summary>True for the arrays StreamerFormats writes natively (of a native value type, not nullable): not an ArrayCodec.</summary>
    private static bool IsNativeArray(IArrayTypeSymbol array) =>
        array.ElementType.IsValueType && array.ElementType is INamedTypeSymbol { IsGenericType: false } element &&
        NativeValueTypes.SuffixOf(MetadataName(element)) is not null;

    private static string Name(ITypeSymbol type) => type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);

    /// <summary>Marks a type reached: queues it, and follows its element type, generic arguments, fields and subclasses.</summary>
    private void Visit(ITypeSymbol type)
    {
        if (!_seen.Add(type))
        {
            return;
        }
        switch (type)
        {
            case IArrayTypeSymbol array:
                Visit(array.ElementType);
                return;
            case INamedTypeSymbol named:
                foreach (ITypeSymbol argument in named.TypeArguments)
                {
                    Visit(argument);
                }
                if (named.TypeKind == TypeKind.Interface && IsOwn(named))
                {
                    VisitContract(named);
                }
                if (named.TypeKind is TypeKind.Class or TypeKind.Struct && IsOwn(named))
                {
                    for (INamedTypeSymbol? t = named; t is not null; t = t.BaseType)
                    {
                        foreach (WireLayout.WireField field in WireLayout.Of(t).Where(f => SymbolEqualityComparer.Default.Equals(f.Owner, t)))
                        {
                            Visit(field.Type);
                        }
                    }
                }
                if (named.TypeKind is TypeKind.Interface || named.TypeKind == TypeKind.Class && !named.IsSealed && named.SpecialType != SpecialType.System_Object)
                {
                    foreach (INamedTypeSymbol concrete in _sourceClasses)
                    {
                        if (!SymbolEqualityComparer.Default.Equals(concrete, named) && IsAssignableTo(concrete, named))
                        {
                            Visit(concrete);
                        }
                    }
                }
                _pending.Enqueue(named);
                return;
        }
    }

    /// <summary>
    /// An interface of the compilation used as a contract (a Glue service): its methods' parameters and results, and for
    /// a streamed parameter or result (<c>IAsyncEnumerable&lt;T&gt;</c>) the array <c>T[]</c> its items cross the wire in
    /// (Glue sends them in batches).
    /// </summary>
    private void VisitContract(INamedTypeSymbol contract)
    {
        foreach (IMethodSymbol method in contract.GetMembers().OfType<IMethodSymbol>())
        {
            foreach (IParameterSymbol parameter in method.Parameters)
            {
                VisitContractType(parameter.Type);
            }
            if (!method.ReturnsVoid)
            {
                VisitContractType(method.ReturnType);
            }
        }
    }

    private void VisitContractType(ITypeSymbol type)
    {
        Visit(type);
        if (type is INamedTypeSymbol { IsGenericType: true } named &&
            MetadataName(named.OriginalDefinition) == "System.Collections.Generic.IAsyncEnumerable`1")
        {
            Visit(_compilation.CreateArrayTypeSymbol(named.TypeArguments[0]));
        }
    }

    private void Generate(INamedTypeSymbol type)
    {
        string name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        string? reason = WhyNot(type);
        if (reason is not null)
        {
            _skipped.Add(new SkippedType(name, reason));
            return;
        }
        var slots = new List<SlotSpec>();
        var accessors = 0;
        var fields = new List<FieldSpec>();
        var wireFields = new List<string>();
        foreach (WireLayout.WireField field in WireLayout.Of(type))
        {
            wireFields.Add(field.Owner.MetadataName + "." + field.Name);
            ValueSpec? value = Value(field.Type, WireLayout.DisplayName(field), slots, depth: 0, out reason);
            FieldSpec? spec = value is null ? null : Field(field, value, ref accessors, out reason);
            if (spec is null)
            {
                _skipped.Add(new SkippedType(name, $"field '{field.Owner.MetadataName}.{field.Name}': {reason}"));
                return;
            }
            fields.Add(spec);
        }
        var kept = new SortedSet<string>(System.StringComparer.Ordinal);
        for (INamedTypeSymbol? t = type.BaseType; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            kept.Add(t.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat));
        }
        AddStructs(fields, kept);
        _codecs.Add(new CodecSpec(name, CodecName(type), new(wireFields), new(slots), HasNewShell(type), new(fields), new(kept),
            TypeFacts.HasCallbacks(type), TypeFacts.HasTrivialConstructor(type), RuntimeName(type)));
    }

    /// <summary>
    /// The name <c>Type.FullName</c> gives <paramref name="type"/> at run time (<c>Ns.Outer+Inner</c>), or null when it
    /// or a type it is nested in is generic (a closed generic type's full name names its arguments' assemblies).
    /// </summary>
    internal static string? RuntimeName(INamedTypeSymbol type)
    {
        var names = new List<string>();
        INamedTypeSymbol outermost = type;
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            if (t.IsGenericType)
            {
                return null;
            }
            names.Insert(0, t.MetadataName);
            outermost = t;
        }
        string name = string.Join("+", names);
        for (INamespaceSymbol? ns = outermost.ContainingNamespace; ns is { IsGlobalNamespace: false }; ns = ns.ContainingNamespace)
        {
            name = ns.MetadataName + "." + name;
        }
        return name;
    }

    private static FieldSpec WithDirect(FieldSpec field, Dictionary<string, string> direct, HashSet<string> newable, List<SlotSpec> slots) =>
        field with { Value = WithDirect(field.Value, direct, newable, slots) };

    private static ValueSpec WithDirect(ValueSpec value, Dictionary<string, string> direct, HashSet<string> newable, List<SlotSpec> slots)
    {
        switch (value.Kind)
        {
            case ValueKind.Reference when direct.TryGetValue(value.TypeName, out string? codec):
                return value with { DirectCodec = codec, DirectNew = newable.Contains(value.TypeName) };
            case ValueKind.Reference when value.ListElement is { } element:
            {
                string[] parts = element.Split('\t');
                bool isString = parts[0] == "string";
                if (!isString && !direct.ContainsKey(parts[0]))
                {
                    return value;
                }
                // The list codec's element slot: the same declared type and name, so the same slot of the cache.
                slots.Add(new SlotSpec(parts[0], "List<" + parts[1] + ">"));
                int slot = slots.Count - 1;
                EquatableArray<FieldSpec> none = default;
                ValueSpec item = isString
                    ? new ValueSpec(ValueKind.String, parts[0], "", slot, null, none)
                    : new ValueSpec(ValueKind.Reference, parts[0], "", slot, null, none, DirectCodec: direct[parts[0]], DirectNew: newable.Contains(parts[0]));
                return value with { Inner = item };
            }
            case ValueKind.Struct:
                return value with { Fields = new(value.Fields.Select(f => WithDirect(f, direct, newable, slots))) };
            case ValueKind.NullableValue:
                return value with { Inner = WithDirect(value.Inner!, direct, newable, slots) };
            default:
                return value;
        }
    }

    private static void AddStructs(IEnumerable<FieldSpec> fields, SortedSet<string> structs)
    {
        foreach (FieldSpec field in fields)
        {
            for (ValueSpec? value = field.Value; value is not null; value = value.Inner)
            {
                if (value.Kind == ValueKind.Struct && structs.Add(value.TypeName))
                {
                    AddStructs(value.Fields, structs);
                }
            }
        }
    }

    /// <summary>
    /// The field as generated code reaches it: directly when it may assign it, else through an <c>UnsafeAccessor</c>
    /// (which cannot reach the fields of a generic type, so those must be assignable: a tuple's elements).
    /// </summary>
    private FieldSpec? Field(WireLayout.WireField field, ValueSpec value, ref int accessors, out string? reason)
    {
        reason = null;
        bool direct = field.Symbol is IFieldSymbol { IsReadOnly: false } symbol && !field.Name.StartsWith("<", System.StringComparison.Ordinal) &&
            symbol.DeclaredAccessibility is Accessibility.Public or Accessibility.Internal or Accessibility.ProtectedOrInternal &&
            _compilation.IsSymbolAccessibleWithin(symbol, _compilation.Assembly);
        if (!direct && IsGeneric(field.Owner))
        {
            reason = $"field '{field.Owner.MetadataName}.{field.Name}' of a generic type is not assignable from generated code";
            return null;
        }
        string owner = field.Owner.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        return new FieldSpec(field.Name, owner, field.Owner.IsValueType, direct ? null : "Field" + accessors++, value);
    }

    /// <summary>Why a class gets no generated codec, or null when it gets one.</summary>
    private string? WhyNot(INamedTypeSymbol type)
    {
        if (type.IsAbstract || type.IsStatic)
        {
            return "abstract and static classes have no instances";
        }
        if (IsGeneric(type))
        {
            return "generic classes are served by the runtime codec";
        }
        if (!_compilation.IsSymbolAccessibleWithin(type, _compilation.Assembly))
        {
            return "the type is not accessible from generated code (make it internal or public)";
        }
        if (IsAssignableTo(type, _exception))
        {
            return "exceptions are written by Slim's exception codec";
        }
        if (type.TypeKind == TypeKind.Delegate || HasAttribute(type, "NFX.Slim.SlimNotSerializableAttribute"))
        {
            return "the type cannot be serialized";
        }
        for (INamedTypeSymbol? t = type.BaseType; t is not null && t.SpecialType != SpecialType.System_Object; t = t.BaseType)
        {
            if (!IsOwn(t))
            {
                return $"its base type '{t.ToDisplayString()}' is in another assembly, whose private fields the generator cannot see";
            }
        }
        return null;
    }

    /// <summary>The encoding of one value of <paramref name="type"/>, or null with the reason it cannot be generated.</summary>
    private ValueSpec? Value(ITypeSymbol type, string path, List<SlotSpec> slots, int depth, out string? reason)
    {
        reason = null;
        string name = type.ToDisplayString(SymbolDisplayFormat.FullyQualifiedFormat);
        EquatableArray<FieldSpec> none = default;
        if (IsPointerOrHandle(type))
        {
            reason = "pointers and native handles cannot be serialized";
            return null;
        }
        if (type is ITypeParameterSymbol || !IsNameable(type))
        {
            reason = $"type '{type.ToDisplayString()}' cannot be named by generated code";
            return null;
        }
        if (!type.IsValueType)
        {
            if (type.SpecialType == SpecialType.System_String)
            {
                return new ValueSpec(ValueKind.String, name, "", AddSlot(slots, name, path), null, none);
            }
            bool isDelegate = type.TypeKind == TypeKind.Delegate || type.SpecialType is SpecialType.System_Delegate or SpecialType.System_MulticastDelegate;
            string? inlineArray = type is IArrayTypeSymbol { IsSZArray: true } array && IsNativeArray(array)
                ? NativeValueTypes.SuffixOf(MetadataName(array.ElementType)) + "Array" : null;
            string? listElement = type is INamedTypeSymbol { IsGenericType: true } list &&
                MetadataName(list.OriginalDefinition) == "System.Collections.Generic.List`1"
                ? Name(list.TypeArguments[0]) + "\t" + list.TypeArguments[0].MetadataName : null;
            return new ValueSpec(isDelegate ? ValueKind.Delegate : ValueKind.Reference, name, "", AddSlot(slots, name, path), null, none,
                InlineArray: inlineArray, ListElement: listElement);
        }
        if (type.IsRefLikeType)
        {
            reason = "ref structs cannot be serialized";
            return null;
        }
        if (NativeValueTypes.SuffixOf(MetadataName(type)) is { } suffix)
        {
            return new ValueSpec(ValueKind.Native, name, suffix, -1, null, none);
        }
        var named = (INamedTypeSymbol)type;
        if (named.TypeKind == TypeKind.Enum)
        {
            string underlying = NativeValueTypes.SuffixOf(MetadataName(named.EnumUnderlyingType!))!;
            return new ValueSpec(ValueKind.Enum, name, underlying, -1, null, none);
        }
        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            ITypeSymbol innerType = named.TypeArguments[0];
            if (NativeValueTypes.SuffixOf(MetadataName(innerType)) is { } nullableSuffix)
            {
                return new ValueSpec(ValueKind.Native, name, "Nullable" + nullableSuffix, -1, null, none);
            }
            ValueSpec? inner = Value(innerType, path, slots, depth + 1, out reason);
            return inner is null ? null : new ValueSpec(ValueKind.NullableValue, name, "", -1, inner, none);
        }
        if (depth > MaxStructNesting)
        {
            reason = $"structs nested more than {MaxStructNesting} levels deep";
            return null;
        }
        if (!IsOwn(named) && !IsValueTuple(named))
        {
            reason = $"struct '{named.ToDisplayString()}' is in another assembly, whose private fields the generator cannot see";
            return null;
        }
        if (IsServedByRuntimeCodec(named))
        {
            reason = $"struct '{named.ToDisplayString()}' is served by the runtime codec";
            return null;
        }
        var fields = new List<FieldSpec>();
        int accessors = 0;
        // A tuple's symbol also lists its element names as fields; the runtime sees the ValueTuple's ItemN only.
        foreach (WireLayout.WireField field in WireLayout.Of(named.TupleUnderlyingType ?? named))
        {
            ValueSpec? value = Value(field.Type, path + "." + field.Name, slots, depth + 1, out reason);
            FieldSpec? spec = value is null ? null : Field(field, value, ref accessors, out reason);
            if (spec is null)
            {
                return null;
            }
            fields.Add(spec);
        }
        return new ValueSpec(ValueKind.Struct, name, "", -1, null, new(fields));
    }

    private static int AddSlot(List<SlotSpec> slots, string typeName, string path)
    {
        slots.Add(new SlotSpec(typeName, path));
        return slots.Count - 1;
    }

    private bool HasNewShell(INamedTypeSymbol type)
    {
        if (type.InstanceConstructors.FirstOrDefault(c => c.Parameters.Length == 0) is not { } constructor ||
            !_compilation.IsSymbolAccessibleWithin(constructor, _compilation.Assembly))
        {
            return false;
        }
        // `new T()` does not compile when T has required members the constructor does not set.
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (t.GetMembers().Any(m => m is IFieldSymbol { IsRequired: true } or IPropertySymbol { IsRequired: true }))
            {
                return false;
            }
        }
        return true;
    }

    private string CodecName(INamedTypeSymbol type, string suffix = "_SlimCodec")
    {
        string baseName = new string(type.ToDisplayString().Select(c => char.IsLetterOrDigit(c) ? c : '_').ToArray()) + suffix;
        string name = baseName;
        for (int i = 2; !_codecNames.Add(name); i++)
        {
            name = baseName + i;
        }
        return name;
    }

    private bool IsOwn(INamedTypeSymbol type) => SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, _compilation.Assembly);

    private bool IsNameable(ITypeSymbol type) => type switch
    {
        IArrayTypeSymbol array => IsNameable(array.ElementType),
        INamedTypeSymbol named => _compilation.IsSymbolAccessibleWithin(named, _compilation.Assembly) && named.TypeArguments.All(IsNameable) && !named.IsUnboundGenericType &&
            !named.IsAnonymousType && !named.IsFileLocal,
        _ => false,
    };

    private static bool IsGeneric(INamedTypeSymbol type)
    {
        for (INamedTypeSymbol? t = type; t is not null; t = t.ContainingType)
        {
            if (t.IsGenericType)
            {
                return true;
            }
        }
        return false;
    }

    private static bool IsValueTuple(INamedTypeSymbol type) =>
        type.IsTupleType || type.OriginalDefinition.ToDisplayString().StartsWith("System.ValueTuple<", System.StringComparison.Ordinal);

    private static bool IsAssignableTo(INamedTypeSymbol type, INamedTypeSymbol? target)
    {
        if (target is null)
        {
            return false;
        }
        for (INamedTypeSymbol? t = type; t is not null; t = t.BaseType)
        {
            if (SymbolEqualityComparer.Default.Equals(t, target))
            {
                return true;
            }
        }
        return target.TypeKind == TypeKind.Interface && type.AllInterfaces.Any(i => SymbolEqualityComparer.Default.Equals(i, target));
    }

    /// <summary>A pointer, function pointer or native handle: never serialized.</summary>
    private static bool IsPointerOrHandle(ITypeSymbol type) =>
        type is IPointerTypeSymbol or IFunctionPointerTypeSymbol || type.SpecialType is SpecialType.System_IntPtr or SpecialType.System_UIntPtr;

    /// <summary>A struct only the runtime codec writes: an inline array, one with a fixed buffer, or one marked not serializable.</summary>
    private static bool IsServedByRuntimeCodec(INamedTypeSymbol type) =>
        HasAttribute(type, "System.Runtime.CompilerServices.InlineArrayAttribute") || HasAttribute(type, "NFX.Slim.SlimNotSerializableAttribute") ||
        type.GetMembers().OfType<IFieldSymbol>().Any(f => f.IsFixedSizeBuffer);

    private static bool HasAttribute(ISymbol symbol, string name) =>
        symbol.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == name);

    private static string MetadataName(ITypeSymbol type) =>
        type.ContainingNamespace is { IsGlobalNamespace: false } ns ? ns.ToDisplayString() + "." + type.MetadataName : type.MetadataName;

    private static IEnumerable<INamedTypeSymbol> SourceTypes(INamespaceSymbol ns)
    {
        foreach (INamespaceOrTypeSymbol member in ns.GetMembers())
        {
            if (member is INamespaceSymbol inner)
            {
                foreach (INamedTypeSymbol type in SourceTypes(inner))
                {
                    yield return type;
                }
            }
            else if (member is INamedTypeSymbol type)
            {
                foreach (INamedTypeSymbol nested in WithNested(type))
                {
                    yield return nested;
                }
            }
        }
    }

    private static IEnumerable<INamedTypeSymbol> WithNested(INamedTypeSymbol type)
    {
        yield return type;
        foreach (INamedTypeSymbol nested in type.GetTypeMembers())
        {
            foreach (INamedTypeSymbol inner in WithNested(nested))
            {
                yield return inner;
            }
        }
    }
}
