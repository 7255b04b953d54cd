using System.Reflection;
using System.Runtime.Serialization;

namespace NFX.Slim.CodeGen;

/// <summary>
/// The [OnSerializing], [OnSerialized], [OnDeserializing], [OnDeserialized] methods of a type (base types first) and
/// whether it implements <see cref="IDeserializationCallback"/>, found once per type.
/// </summary>
internal sealed class SerializationCallbacks
{
    private static readonly object[] s_context = [default(StreamingContext)];

    private SerializationCallbacks(Type type)
    {
        OnSerializing = Find(type, typeof(OnSerializingAttribute));
        OnSerialized = Find(type, typeof(OnSerializedAttribute));
        OnDeserializing = Find(type, typeof(OnDeserializingAttribute));
        OnDeserialized = Find(type, typeof(OnDeserializedAttribute));
        IsDeserializationCallback = typeof(IDeserializationCallback).IsAssignableFrom(type);
    }

    public MethodInfo[] OnSerializing { get; }
    public MethodInfo[] OnSerialized { get; }
    public MethodInfo[] OnDeserializing { get; }
    public MethodInfo[] OnDeserialized { get; }
    public bool IsDeserializationCallback { get; }

    public bool HasAfterRead => OnDeserialized.Length != 0 || IsDeserializationCallback;

    /// <summary>The callbacks of <paramref name="type"/>, or null when it has none.</summary>
    public static SerializationCallbacks? For(Type type)
    {
        var callbacks = new SerializationCallbacks(type);
        return callbacks.OnSerializing.Length + callbacks.OnSerialized.Length + callbacks.OnDeserializing.Length +
               callbacks.OnDeserialized.Length == 0 && !callbacks.IsDeserializationCallback ? null : callbacks;
    }

    /// <summary>
    /// Runs callbacks; an exception from one is wrapped in a <see cref="SlimDeserializationException"/> when
    /// <paramref name="reading"/>, else in a <see cref="SlimSerializationException"/> (writing and cloning).
    /// </summary>
    public static void Invoke(MethodInfo[] methods, object target, bool reading = false)
    {
        foreach (MethodInfo method in methods)
        {
            try
            {
                method.Invoke(target, s_context);
            }
            catch (TargetInvocationException e) when (e.InnerException is not null)
            {
                string message = $"Callback {method.DeclaringType}.{method.Name} threw: {e.InnerException.Message}";
                throw reading
                    ? new SlimDeserializationException(message, e.InnerException)
                    : new SlimSerializationException(message, e.InnerException);
            }
        }
    }

    private static MethodInfo[] Find(Type type, Type attribute)
    {
        var chain = new List<Type>();
        for (Type? t = type; t is not null && t != typeof(object); t = t.BaseType)
        {
            chain.Add(t);
        }
        chain.Reverse();
        var methods = new List<MethodInfo>();
        foreach (Type t in chain)
        {
            foreach (MethodInfo method in t.GetMethods(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
            {
                if (method.IsDefined(attribute, false) && method.GetParameters() is [{ ParameterType: var p }] && p == typeof(StreamingContext))
                {
                    methods.Add(method);
                }
            }
        }
        return [.. methods];
    }
}
