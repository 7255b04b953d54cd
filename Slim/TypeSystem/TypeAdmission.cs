using System.Collections.Concurrent;
using System.Collections.Immutable;
using System.Collections.ObjectModel;
using System.Reflection;
using NFX.IO;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Applies a <see cref="SlimTypePolicy"/> to the types a message names, with the serializer's known types and formats
/// and, for <c>Deserialize&lt;T&gt;</c>, the scope of T. Verdicts are cached; instances are thread-safe.
/// The exact rule is documented in docs/SECURITY.md.
/// </summary>
internal sealed class TypeAdmission
{
    /// <summary>Generic collection and tuple definitions that are safe to build when their arguments are allowed.</summary>
    /// <remarks>
    /// HashSets, not FrozenSets: building frozen collections costs a fresh process's first call (see StreamerFormat), and
    /// these are read once per type, whose verdict is cached. Each set in a class of its own, made at its first question:
    /// a read whose types are all in the scope of its <c>Deserialize&lt;T&gt;</c> asks neither (their static constructor
    /// was 759 bytes of IL and made 45 types, loading System.ObjectModel and System.Collections.Specialized, at a fresh
    /// process's first read).
    /// </remarks>
    private static class SafeGenericDefinitions
    {
        public static readonly HashSet<Type> Types = new[]
        {
            typeof(List<>), typeof(Dictionary<,>), typeof(HashSet<>), typeof(KeyValuePair<,>), typeof(Nullable<>),
            typeof(Queue<>), typeof(Stack<>), typeof(LinkedList<>), typeof(LinkedListNode<>), typeof(SortedDictionary<,>), typeof(SortedList<,>),
            typeof(SortedSet<>), typeof(ConcurrentDictionary<,>), typeof(ConcurrentQueue<>), typeof(ConcurrentBag<>),
            typeof(ConcurrentStack<>), typeof(ReadOnlyCollection<>), typeof(ObservableCollection<>), typeof(Collection<>),
            typeof(ReadOnlyDictionary<,>), typeof(ImmutableArray<>), typeof(ImmutableList<>), typeof(ImmutableDictionary<,>),
            typeof(ImmutableHashSet<>), typeof(ImmutableSortedDictionary<,>), typeof(ImmutableSortedSet<>),
            typeof(ImmutableQueue<>), typeof(ImmutableStack<>),
            typeof(Tuple<>), typeof(Tuple<,>), typeof(Tuple<,,>), typeof(Tuple<,,,>), typeof(Tuple<,,,,>), typeof(Tuple<,,,,,>),
            typeof(Tuple<,,,,,,>), typeof(Tuple<,,,,,,,>), typeof(ValueTuple<>), typeof(ValueTuple<,>), typeof(ValueTuple<,,>),
            typeof(ValueTuple<,,,>), typeof(ValueTuple<,,,,>), typeof(ValueTuple<,,,,,>), typeof(ValueTuple<,,,,,,>),
            typeof(ValueTuple<,,,,,,,>),
        }.ToHashSet();
    }

    /// <summary>Types of the runtime that are plain data.</summary>
    private static class SafeTypes
    {
        public static readonly HashSet<Type> Types = new[]
        {
            typeof(object), typeof(string), typeof(Uri), typeof(Version), typeof(DBNull), typeof(ValueTuple),
            // What a culture-aware comparer (SafeComparers) holds: plain data naming a culture and options.
            typeof(System.Globalization.CompareInfo),
            // Written by name (a culture the reader lists) and as strings with a comparer code: plain data.
            typeof(System.Globalization.CultureInfo), typeof(System.Collections.Specialized.NameValueCollection),
        }.ToHashSet();
    }

    /// <summary>
    /// The comparers StringComparer hands out (CultureAwareComparer for the culture ones, singletons for the ordinal
    /// ones), all StringComparers: asked only of a StringComparer type, so the first verdict of a read that names none
    /// does not make them (making the culture-aware one sets up the invariant culture's comparison, with a fully
    /// optimized compile of the runtime's own code, at a fresh process's first read).
    /// </summary>
    private static class SafeComparers
    {
        public static readonly HashSet<Type> Types =
            [StringComparer.InvariantCulture.GetType(), StringComparer.Ordinal.GetType(), StringComparer.OrdinalIgnoreCase.GetType()];
    }

    private readonly SlimTypePolicy _policy;
    private readonly StreamerFormat _format;
    private readonly HashSet<Type> _registered;
    private readonly HashSet<Type>? _scopeTypes;
    private readonly HashSet<Assembly>? _scopeAssemblies;
    private readonly ConcurrentDictionary<Type, string?> _verdicts = new();
    private readonly ConcurrentDictionary<Type, Type?> _refused = new();

    public TypeAdmission(SlimTypePolicy policy, StreamerFormat format, IEnumerable<Type> registered, Type? scopeRoot)
    {
        _policy = policy;
        _format = format;
        _registered = registered.ToHashSet();
        if (scopeRoot is not null && scopeRoot != typeof(object))
        {
            _scopeTypes = TypeReach.Collect([scopeRoot]);
            _scopeAssemblies = ScopeAssemblies(scopeRoot);
        }
    }

    /// <summary>Throws <see cref="SlimTypeNotAllowedException"/> unless <paramref name="type"/> may be read.</summary>
    public void Check(Type type)
    {
        string? reason = _verdicts.TryGetValue(type, out string? cached) ? cached : _verdicts.GetOrAdd(type, Evaluate);
        if (reason is not null)
        {
            ThrowNotAllowed(type, reason);
        }
    }

    /// <summary>Null when <paramref name="type"/> may be read, otherwise why not (the text <see cref="Check"/> would throw).</summary>
    public string? Reason(Type type) => _verdicts.TryGetValue(type, out string? cached) ? cached : _verdicts.GetOrAdd(type, Evaluate);

    private static void ThrowNotAllowed(Type type, string reason) =>
        throw new SlimTypeNotAllowedException(TypeNames.Describe(type), reason);

    private string? Evaluate(Type type)
    {
        string? denied = DenyList.Reason(type, _policy.AllowsReflectionTypes);
        if (denied is not null)
        {
            return denied + " (the deny-list applies under every policy).";
        }
        if (RefusedPart(type) is not { } part)
        {
            return null;
        }
        string what = part == type ? "the type policy does not allow it" :
            $"the type policy does not allow its part '{TypeNames.Describe(part)}' (a generic argument or element type)";
        return what + ". " + HowToAllow(part);
    }

    /// <summary>The lines that admit <paramref name="part"/>, written as code that compiles (the policy is immutable: each Allow returns a new one).</summary>
    private static string HowToAllow(Type part)
    {
        Type owner = part.IsConstructedGenericType ? part.GetGenericTypeDefinition() : part;
        string assembly = owner.Assembly.GetName().Name ?? "?";
        string admit;
        if (owner.Name.StartsWith('<'))
        {
            // A compiler-generated type (anonymous type, closure) has no name C# can write: admit its assembly.
            admit = "Allow its assembly with SlimOptions.TypePolicy = SlimTypePolicy.Default.AllowAssembly(typeof(Program).Assembly) " +
                $"(any type of {assembly} in place of Program)";
        }
        else
        {
            string name = TypeNames.CSharp(part);
            admit = $"Allow it with SlimOptions.TypePolicy = SlimTypePolicy.Default.AllowTypes(typeof({name})) (this type)";
            if (owner.Assembly != typeof(object).Assembly)
            {
                admit += $", or .AllowAssembly(typeof({TypeNames.CSharp(owner)}).Assembly) (every type of {assembly})";
                if (!string.IsNullOrEmpty(owner.Namespace))
                {
                    admit += $", or .AllowNamespace(\"{owner.Namespace}\")";
                }
            }
        }
        return admit + "; or list it in SlimOptions.KnownTypes, or read with Deserialize<T> where T reaches it " +
            "(docs/SECURITY.md, \"The default policy, exactly\").";
    }

    /// <summary>
    /// The assemblies whose concrete types <c>Deserialize&lt;TRoot&gt;</c> admits: TRoot's own unless it is the
    /// runtime's, and, when TRoot is an array or a safe BCL collection or tuple, the same for its element type or
    /// generic arguments at any depth, so <c>List&lt;IAnimal&gt;</c> admits the concrete types of IAnimal's assembly
    /// as a <c>Zoo</c> with a <c>List&lt;IAnimal&gt;</c> field admits those of Zoo's.
    /// </summary>
    private static HashSet<Assembly>? ScopeAssemblies(Type root)
    {
        var assemblies = new HashSet<Assembly>();
        // Pushed, not a one-element collection expression: that is a compiler-made list type whose methods the JIT
        // compiles at a fresh process's first Deserialize<T>.
        var pending = new Stack<Type>();
        pending.Push(root);
        while (pending.TryPop(out Type? type))
        {
            if (type.Assembly != typeof(object).Assembly)
            {
                assemblies.Add(type.Assembly);
            }
            if (type.HasElementType)
            {
                pending.Push(type.GetElementType()!);
            }
            else if (type.IsConstructedGenericType && SafeGenericDefinitions.Types.Contains(type.GetGenericTypeDefinition()))
            {
                foreach (Type argument in type.GetGenericArguments())
                {
                    pending.Push(argument);
                }
            }
        }
        return assemblies.Count == 0 ? null : assemblies;
    }

    /// <summary>
    /// The allow rule (docs/SECURITY.md, "Default policy"): null when <paramref name="type"/> is allowed, else the part
    /// that is not (the type itself, or an argument or element type at any depth). An array is allowed when its element
    /// type is. A constructed generic type is allowed when it is listed as that exact closed type, or when its definition
    /// is a safe BCL collection/tuple or is allowed by a rule AND every generic argument is allowed: a rule that matches a
    /// generic definition (by assembly, namespace or scope) never vouches for the arguments a payload plugs into it.
    /// Remembered per type, so a type built from shared entries (<c>D2 = Dictionary&lt;D1, D1&gt;</c>, many levels) is
    /// judged once per distinct part, not once per path to it.
    /// </summary>
    private Type? RefusedPart(Type type) =>
        _policy.IsAllowAll ? null : _refused.TryGetValue(type, out Type? part) ? part : _refused.GetOrAdd(type, RefusedPartUncached(type));

    private Type? RefusedPartUncached(Type type)
    {
        if (IsExactlyListed(type))
        {
            return null;
        }
        if (type.IsArray)
        {
            return RefusedPart(type.GetElementType()!);
        }
        if (type.IsConstructedGenericType)
        {
            Type definition = type.GetGenericTypeDefinition();
            if (!SafeGenericDefinitions.Types.Contains(definition) && !IsExactlyListed(definition) && !IsMatchedByRule(definition))
            {
                return type;
            }
            foreach (Type argument in type.GetGenericArguments())
            {
                if (RefusedPart(argument) is { } part)
                {
                    return part;
                }
            }
            return null;
        }
        return IsMatchedByRule(type) ? null : type;
    }

    /// <summary>Allowed as this exact type: built in, native, registered, listed by AllowTypes, or reachable from the scope root.</summary>
    private bool IsExactlyListed(Type type) =>
        // The serializer's own and the scope's sets first: a read of its scope's types asks none of the static ones.
        _registered.Contains(type) || (_scopeTypes is not null && _scopeTypes.Contains(type)) || _policy.ListsType(type) ||
        _format.IsNative(type) || SafeTypes.Types.Contains(type) ||
        (typeof(StringComparer).IsAssignableFrom(type) && SafeComparers.Types.Contains(type)) ||
        (_policy.AllowsReflectionTypes && typeof(Type).IsAssignableFrom(type));

    /// <summary>Allowed by a broad rule: an allowed assembly or namespace, the scope root's assembly, runtime exceptions and enums.</summary>
    private bool IsMatchedByRule(Type type)
    {
        if (_policy.ListsAssembly(type.Assembly))
        {
            return true;
        }
        if (typeof(Exception).IsAssignableFrom(type) && type.Assembly == typeof(object).Assembly)
        {
            return true; // the runtime's own exceptions are plain data holders; Glue returns them to callers
        }
        if (type.IsEnum && type.Assembly == typeof(object).Assembly)
        {
            return true;
        }
        string ns = type.Namespace ?? string.Empty;
        foreach (string allowed in _policy.Namespaces)
        {
            if (ns.StartsWith(allowed, StringComparison.Ordinal) && (ns.Length == allowed.Length || ns[allowed.Length] == '.'))
            {
                return true;
            }
        }
        return _scopeAssemblies is not null && _scopeAssemblies.Contains(type.Assembly) && !type.IsAbstract && !type.IsInterface;
    }
}
