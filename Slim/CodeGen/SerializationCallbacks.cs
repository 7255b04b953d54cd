using System.Linq.Expressions;
using System.Reflection;
using System.Runtime.Serialization;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The [OnSerializing], [OnSerialized], [OnDeserializing], [OnDeserialized] methods of a type (base types first),
/// compiled to delegates once, and whether it implements <see cref="IDeserializationCallback"/>.
/// </summary>
internal sealed class SerializationCallbacks
{
    private SerializationCallbacks(Type type, bool frameworkBaseRebuilt)
    {
        var found = new List<Callback>?[4];
        Find(type, found);
        OnSerializing = found[0] is { } a ? [.. a] : [];
        OnSerialized = found[1] is { } b ? [.. b] : [];
        OnDeserializing = found[2] is { } c ? [.. c] : [];
        OnDeserialized = found[3] is { } d ? [.. d] : [];
        IsDeserializationCallback = typeof(IDeserializationCallback).IsAssignableFrom(type) &&
            !(frameworkBaseRebuilt && TypeLayout.IsFramework(type.GetInterfaceMap(typeof(IDeserializationCallback)).TargetMethods[0].DeclaringType!));
    }

    public Callback[] OnSerializing { get; }
    public Callback[] OnSerialized { get; }
    public Callback[] OnDeserializing { get; }
    public Callback[] OnDeserialized { get; }
    public bool IsDeserializationCallback { get; }

    public bool HasAfterRead => OnDeserialized.Length != 0 || IsDeserializationCallback;

    /// <summary>The callbacks of <paramref name="type"/>, or null when it has none.</summary>
    /// <param name="type">The type.</param>
    /// <param name="frameworkBaseRebuilt">
    /// True when a codec rebuilt the framework collection <paramref name="type"/> derives from: the framework's own
    /// <see cref="IDeserializationCallback"/> only finishes its ISerializable form, which was not used (on .NET,
    /// NameObjectCollectionBase's just throws), so it runs only when the subclass overrides it.
    /// </param>
    public static SerializationCallbacks? For(Type type, bool frameworkBaseRebuilt = false)
    {
        var callbacks = new SerializationCallbacks(type, frameworkBaseRebuilt);
        return callbacks.OnSerializing.Length + callbacks.OnSerialized.Length + callbacks.OnDeserializing.Length +
               callbacks.OnDeserialized.Length == 0 && !callbacks.IsDeserializationCallback ? null : callbacks;
    }

    /// <summary>
    /// Runs the callbacks on <paramref name="target"/>; a callback's own exception is wrapped in a
    /// <see cref="SlimDeserializationException"/> when <paramref name="reading"/>, else in a
    /// <see cref="SlimSerializationException"/> (writing and cloning).
    /// </summary>
    public static void Invoke(Callback[] callbacks, object target, bool reading = false)
    {
        foreach (Callback callback in callbacks)
        {
            try
            {
                callback.Invoke(target);
            }
            catch (Exception e) when (e is not SlimException)
            {
                string message = $"Callback {callback.Name} threw: {e.Message}";
                throw reading ? new SlimDeserializationException(message, e) : new SlimSerializationException(message, e);
            }
        }
    }

    // One pass over the methods, the parameter list checked before the attributes: reading a method's attributes is
    // the costly part (each attribute's type is resolved; under NativeAOT by name), and almost no method takes a
    // StreamingContext. The same callbacks, in the same order (base types first), as a pass per attribute.
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2070", Justification = "A generated codec keeps the methods of its type and base classes (LayoutMembers), so the callbacks found are the JIT build's; where members may be trimmed, a class without one is refused.")]
    [System.Diagnostics.CodeAnalysis.UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "A generated codec keeps the methods of its type and base classes (LayoutMembers), so the callbacks found are the JIT build's; where members may be trimmed, a class without one is refused.")]
    private static void Find(Type type, List<Callback>?[] found)
    {
        var chain = new List<Type>();
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            chain.Add(t);
        }
        chain.Reverse();
        foreach (Type t in chain)
        {
            foreach (MethodInfo method in t.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                if (method.GetParameters() is not [{ ParameterType: var p }] || p != typeof(StreamingContext))
                {
                    continue;
                }
                Add(found, 0, method, typeof(OnSerializingAttribute));
                Add(found, 1, method, typeof(OnSerializedAttribute));
                Add(found, 2, method, typeof(OnDeserializingAttribute));
                Add(found, 3, method, typeof(OnDeserializedAttribute));
            }
        }
    }

    private static void Add(List<Callback>?[] found, int slot, MethodInfo method, Type attribute)
    {
        if (method.IsDefined(attribute, false))
        {
            (found[slot] ??= []).Add(new Callback(method));
        }
    }

    /// <summary>One callback method, compiled: <c>target => ((T)target).Method(default)</c>.</summary>
    internal sealed class Callback
    {
        public Callback(MethodInfo method)
        {
            Name = $"{method.DeclaringType?.Name}.{method.Name}";
            Invoke = RuntimeCodecs.IsSupported ? Compile(method) : Reflect(method);
        }

        public string Name { get; }

        public Action<object> Invoke { get; }

        [System.Diagnostics.CodeAnalysis.RequiresDynamicCode("Compiles an expression tree.")]
        private static Action<object> Compile(MethodInfo method)
        {
            ParameterExpression target = Expression.Parameter(typeof(object), "target");
            return Expression.Lambda<Action<object>>(
                Expression.Call(Expression.Convert(target, method.DeclaringType!), method, Expression.Default(typeof(StreamingContext))),
                target).Compile();
        }

        /// <summary>Where nothing is compiled at run time: the method called by reflection, its own exception rethrown as it was.</summary>
        private static Action<object> Reflect(MethodInfo method) => target =>
        {
            try
            {
                method.Invoke(target, [default(StreamingContext)]);
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e.InnerException);
            }
        };
    }
}
