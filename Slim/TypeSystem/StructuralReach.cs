using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.CompilerServices;

using NFX.Slim.CodeGen;

namespace NFX.Slim.TypeSystem;

/// <summary>
/// Which objects an object's equality, hashing, comparison or ToString follow, by its type. Such code recurses into
/// what it follows, so a read graph where those references form a cycle (a <c>Tuple&lt;object&gt;</c> holding a boxed
/// <c>ValueTuple&lt;object&gt;</c> holding the tuple, an exception that is its own <c>InnerException</c>) makes the first
/// <c>GetHashCode</c> overflow the stack, and a deep acyclic chain can too. The reader refuses both before any code of
/// the program sees the graph (<see cref="Session.StructuralGraph"/>).
/// <para>
/// Followed, by kind of type: every field of a struct (a boxed one, and the structs inline in it: <c>ValueType</c>'s
/// own equality reads every field, <c>ValueTuple</c>, <c>KeyValuePair</c> and most user structs do the same);
/// every field of a <c>System.Tuple</c>, of a record class (compiler-generated equality) and of an anonymous type;
/// an exception's <c>InnerException</c> and the elements of its own <c>Exception[]</c> fields (<c>ToString</c> and
/// <c>AggregateException.Message</c> print them). Nothing else: an ordinary class compares by reference and an array
/// hashes by reference, so a chain through one ends there (a cycle through an ordinary object is fine).
/// </para>
/// A field is followed only if it can hold such an object: strings, sealed types that follow nothing and structs
/// without such fields are skipped. Every answer is computed once per type, in time linear in the distinct types.
/// <para>
/// The classes Slim recognizes are the same for every serializer (<see cref="Builtin"/>); a serializer whose options
/// declare more (<see cref="SlimOptions.StructuralTypes"/>: the types of a library its policy admits whose overrides
/// recurse) has an instance of its own, which follows every field of those that can hold such an object, as for records.
/// </para>
/// </summary>
internal sealed class StructuralReach
{
    private const BindingFlags Fields = BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly;

    // The methods a compiled walk calls, looked up at the first walk built: in the static constructor they were two
    // reflection lookups (filling List<object>'s method cache) in every serializer's construction, at a fresh process's
    // first call, which asks Follows but builds no walk.
    private static class WalkMethods
    {
        public static readonly MethodInfo Add = typeof(List<object>).GetMethod(nameof(List<object>.Add))!;
        public static readonly MethodInfo AddElements = typeof(StructuralReach).GetMethod(nameof(StructuralReach.AddElements), BindingFlags.NonPublic | BindingFlags.Static)!;
    }

    private readonly Func<Type, bool>? _declared;
    // The answers boxed (s_yes, s_no): a ConcurrentDictionary over bool values is an instantiation of its own for the JIT
    // to compile at a fresh process's first call; reference values share precompiled code.
    private static readonly object s_yes = true;
    private static readonly object s_no = false;
    private readonly ConcurrentDictionary<Type, object> _follows = new();
    private readonly ConcurrentDictionary<Type, object> _structHolds = new();
    private readonly ConcurrentDictionary<Type, Action<object, List<object>>> _walkers = new();
    private readonly ConcurrentDictionary<Type, Delegate> _structWalkers = new();

    private StructuralReach(Func<Type, bool>? declared) => _declared = declared;

    /// <summary>The classes Slim recognizes by itself, shared by every serializer that declares no more.</summary>
    public static StructuralReach Builtin { get; } = new(null);

    /// <summary>The reach of a serializer whose options declare <paramref name="declared"/> (null: <see cref="Builtin"/>).</summary>
    public static StructuralReach For(Func<Type, bool>? declared) => declared is null ? Builtin : new StructuralReach(declared);

    /// <summary>True when equality, hashing, comparison or ToString of <paramref name="type"/> follow references into other objects.</summary>
    public bool Follows(Type type)
    {
        if (_follows.TryGetValue(type, out object? known))
        {
            return (bool)known;
        }
        // A sealed class whose fields hold its own type asks about itself while computing: until the answer is known it
        // is "follows", the answer that checks more, never less.
        _follows.TryAdd(type, s_yes);
        bool follows = ComputeFollows(type);
        _follows[type] = follows ? s_yes : s_no;
        return follows;
    }

    /// <summary>
    /// The compiled walk of a type that <see cref="Follows"/>: adds to the list every non-null object that the equality,
    /// hashing or ToString of the object given follow.
    /// </summary>
    public Action<object, List<object>> WalkerOf(Type type) =>
        _walkers.TryGetValue(type, out var walker) ? walker : _walkers.GetOrAdd(type, RuntimeCodecs.IsSupported ? BuildWalker(type) : ReflectWalker(type));

    /// <summary>Where nothing is compiled at run time: the same walk, field by field through reflection.</summary>
    private Action<object, List<object>> ReflectWalker(Type type)
    {
        (FieldInfo Field, bool Elements)[] fields = [.. FollowedFields(type)];
        return (source, list) =>
        {
            foreach ((FieldInfo field, bool elements) in fields)
            {
                object? value = field.GetValue(source);
                if (elements)
                {
                    AddElements(value as Exception[], list);
                }
                else if (field.FieldType.IsValueType)
                {
                    // A struct inline: what its own fields hold (a nullable's box is its value's).
                    if (value is not null)
                    {
                        WalkerOf(value.GetType())(value, list);
                    }
                }
                else if (value is not null)
                {
                    list.Add(value);
                }
            }
        };
    }

    /// <summary>
    /// The member of <paramref name="owner"/> (a field, or a path through inline structs and arrays) that holds
    /// <paramref name="target"/>, for error messages: found again by reflection, only when an error is reported.
    /// </summary>
    public static string MemberHolding(object owner, object target)
    {
        Type type = owner.GetType();
        return FindPath(owner, type, target, depth: 0) is { } path ? path : "?";

        static string? FindPath(object? value, Type type, object target, int depth)
        {
            if (value is null || depth > 8)
            {
                return null;
            }
            if (value is Array array && !type.IsValueType)
            {
                int i = 0;
                foreach (object? element in array)
                {
                    if (ReferenceEquals(element, target))
                    {
                        return $"[{i}]";
                    }
                    i++;
                }
                return null;
            }
            foreach (FieldInfo field in AllFields(type))
            {
                object? fieldValue = field.GetValue(value);
                if (ReferenceEquals(fieldValue, target))
                {
                    return field.Name;
                }
                if (field.FieldType.IsValueType && !field.FieldType.IsPrimitive || fieldValue is Exception[])
                {
                    if (FindPath(fieldValue, field.FieldType.IsValueType ? field.FieldType : fieldValue!.GetType(), target, depth + 1) is { } inner)
                    {
                        return inner.StartsWith('[') ? field.Name + inner : field.Name + "." + inner;
                    }
                }
            }
            return null;
        }
    }

    private bool ComputeFollows(Type type)
    {
        if (type.IsPrimitive || type.IsEnum || type.IsPointer || type.IsByRef || type.IsByRefLike || type == typeof(string) ||
            type.ContainsGenericParameters || type.IsArray || type.IsInterface || type.IsAbstract && type.IsSealed)
        {
            return false;
        }
        if (type.IsValueType)
        {
            return StructHoldsFollowed(type);
        }
        if (typeof(Exception).IsAssignableFrom(type))
        {
            return true;
        }
        return (IsStructuralClass(type) || IsDeclared(type)) && AllFields(type).Any(f => CanHoldFollowed(f.FieldType));
    }

    /// <summary>A class the options declare structural (<see cref="SlimOptions.StructuralTypes"/>).</summary>
    private bool IsDeclared(Type type) => _declared is not null && _declared(type);

    /// <summary>A class whose equality, hashing or ToString read its fields: a System.Tuple, a record, an anonymous type.</summary>
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A record's EqualityContract is kept with its type's non-public properties by the generated codec's annotation (LayoutMembers).")]
    private static bool IsStructuralClass(Type type)
    {
        if (type.IsGenericType && type.Namespace == "System" && type.Name.StartsWith("Tuple`", StringComparison.Ordinal) &&
            type.Assembly == typeof(object).Assembly)
        {
            return true;
        }
        if (type.GetProperty("EqualityContract", BindingFlags.Instance | BindingFlags.NonPublic | BindingFlags.DeclaredOnly) is { } contract &&
            contract.GetMethod?.IsDefined(typeof(CompilerGeneratedAttribute), false) == true)
        {
            return true;
        }
        // The name first: reading a type's attributes is costly on a first call (under NativeAOT most of all).
        return type.Name.Contains("AnonymousType", StringComparison.Ordinal) && type.IsDefined(typeof(CompilerGeneratedAttribute), false);
    }

    /// <summary>True when a field declared as <paramref name="type"/> can hold, or inline contain, an object that <see cref="Follows"/>.</summary>
    private bool CanHoldFollowed(Type type)
    {
        if (type.IsPrimitive || type.IsEnum || type.IsPointer || type.IsByRef || type.IsFunctionPointer || type == typeof(string))
        {
            return false;
        }
        if (type.IsValueType)
        {
            return StructHoldsFollowed(type);
        }
        // A sealed type (an array, a sealed class) holds only itself: followed when it follows something.
        return !type.IsSealed || Follows(type);
    }

    /// <summary>True when a struct has a field (at any depth of inline structs) that can hold an object that follows. Memoised per type.</summary>
    private bool StructHoldsFollowed(Type type)
    {
        if (_structHolds.TryGetValue(type, out object? known))
        {
            return (bool)known;
        }
        // Struct layouts cannot contain themselves, so this recursion ends; memoised, it visits each type once.
        bool holds = !type.IsByRefLike && AllFields(type).Any(f => f.FieldType != type && CanHoldFollowed(f.FieldType));
        return (bool)_structHolds.GetOrAdd(type, holds ? s_yes : s_no);
    }

    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A generated codec keeps the fields of the classes and structs Slim writes (LayoutMembers, KeepLayout); the framework's tuples, exceptions and structs it follows keep theirs where they are used.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "A generated codec keeps the fields of the classes and structs Slim writes (LayoutMembers, KeepLayout); the framework's tuples, exceptions and structs it follows keep theirs where they are used.")]
    private static IEnumerable<FieldInfo> AllFields(Type type)
    {
        for (Type? t = type; t is not null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
        {
            foreach (FieldInfo field in t.GetFields(Fields))
            {
                if (!field.IsStatic && !field.IsLiteral)
                {
                    yield return field;
                }
            }
        }
    }

    /// <summary>The fields of <paramref name="type"/> (an object, a boxed struct) its equality, hashing or ToString follow.</summary>
    private IEnumerable<(FieldInfo Field, bool Elements)> FollowedFields(Type type)
    {
        if (typeof(Exception).IsAssignableFrom(type))
        {
            foreach (FieldInfo field in AllFields(type))
            {
                if (field.DeclaringType == typeof(Exception) && field.FieldType == typeof(Exception))
                {
                    yield return (field, false); // _innerException
                }
                else if (field.FieldType == typeof(Exception[]))
                {
                    yield return (field, true); // AggregateException's inner exceptions
                }
            }
            yield break;
        }
        foreach (FieldInfo field in AllFields(type))
        {
            if (CanHoldFollowed(field.FieldType))
            {
                yield return (field, false);
            }
        }
    }

    /// <summary>(object o, List&lt;object&gt; list) => { var v = (T)o; list.Add(v.f1); walk(v.s1, list); ... }: one call per object.</summary>
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Compiles an expression tree.")]
    private Action<object, List<object>> BuildWalker(Type type)
    {
        ParameterExpression source = Expression.Parameter(typeof(object), "source");
        ParameterExpression list = Expression.Parameter(typeof(List<object>), "list");
        ParameterExpression typed = Expression.Variable(type, "value");
        var body = new List<Expression> { Expression.Assign(typed, type.IsValueType ? Expression.Unbox(source, type) : Expression.Convert(source, type)) };
        foreach ((FieldInfo field, bool elements) in FollowedFields(type))
        {
            body.Add(AddField(Expression.Field(typed, field), field.FieldType, list, elements));
        }
        body.Add(Expression.Empty());
        return Expression.Lambda<Action<object, List<object>>>(Expression.Block([typed], body), source, list).Compile();
    }

    [RequiresDynamicCode("Compiles the walkers of struct fields.")]
    private Expression AddField(Expression value, Type fieldType, ParameterExpression list, bool elements)
    {
        if (elements)
        {
            return Expression.Call(WalkMethods.AddElements, value, list);
        }
        if (fieldType.IsValueType)
        {
            // A struct inline: its own walker, compiled once per struct type (nested structs are not expanded path by path).
            Delegate walker = _structWalkers.TryGetValue(fieldType, out Delegate? built) ? built : _structWalkers.GetOrAdd(fieldType, BuildStructWalker(fieldType));
            return Expression.Invoke(Expression.Constant(walker), value, list);
        }
        ParameterExpression item = Expression.Variable(typeof(object), "item");
        return Expression.Block([item],
            Expression.Assign(item, Expression.Convert(value, typeof(object))),
            Expression.IfThen(Expression.NotEqual(item, Expression.Constant(null)), Expression.Call(list, WalkMethods.Add, item)));
    }

    /// <summary>(S value, List&lt;object&gt; list) => adds what the struct's fields hold, for a struct inline in another value.</summary>
    [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Compiles an expression tree for a delegate type made at run time.")]
    private Delegate BuildStructWalker(Type type)
    {
        ParameterExpression value = Expression.Parameter(type, "value");
        ParameterExpression list = Expression.Parameter(typeof(List<object>), "list");
        var body = new List<Expression>();
        foreach ((FieldInfo field, bool elements) in FollowedFields(type))
        {
            body.Add(AddField(Expression.Field(value, field), field.FieldType, list, elements));
        }
        body.Add(Expression.Empty());
        Type delegateType = typeof(Action<,>).MakeGenericType(type, typeof(List<object>));
        return Expression.Lambda(delegateType, Expression.Block(body), value, list).Compile();
    }

    private static void AddElements(Exception[]? exceptions, List<object> list)
    {
        if (exceptions is null)
        {
            return;
        }
        foreach (Exception? exception in exceptions)
        {
            if (exception is not null)
            {
                list.Add(exception);
            }
        }
    }
}
