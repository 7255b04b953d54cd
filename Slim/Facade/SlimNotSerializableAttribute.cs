namespace NFX.Slim;

/// <summary>
/// Marks a type that must never be serialized by Slim (it holds live resources, secrets, or process-local state).
/// Writing or cloning an instance, or a struct field of the type, throws <see cref="SlimSerializationException"/>.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Interface, Inherited = true, AllowMultiple = false)]
public sealed class SlimNotSerializableAttribute : Attribute;
