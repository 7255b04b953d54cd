using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Layouts;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Session;

// What a message may name and declare: the type policy, types with no instances or no codec, declared capacities.
internal sealed partial class ReadSession
{
    /// <summary>
    /// Debits memory that a member of the message declares without paying for it in bytes (the capacity a constructor
    /// will allocate: <see cref="Codecs.DeclaredCapacities"/>) from the message's allowance, the
    /// <see cref="SlimLimits.MaxDeclaredCapacityBytes"/> limit plus 32 bytes per payload byte (the format's worst ratio
    /// of memory to wire bytes), before anything is allocated for it.
    /// </summary>
    public void DebitDeclaredCapacity(long bytes, string what, long offset)
    {
        _declaredBytes = bytes > long.MaxValue - _declaredBytes ? long.MaxValue : _declaredBytes + bytes;
        if (_declaredBytes > _declaredAllowance)
        {
            SlimThrow.Limit($"{nameof(SlimLimits.MaxDeclaredCapacityBytes)} ({what}; 32 bytes per message byte come on top of the limit)",
                _declaredBytes, _declaredAllowance, offset);
        }
    }

    private static long DeclaredAllowance(long limit, long payloadBytes) =>
        limit > long.MaxValue - 32 * payloadBytes ? long.MaxValue : limit + 32 * payloadBytes;

    /// <summary>
    /// Checks the value types a reading plan reads by the writer's declaration (<see cref="LayoutPlan.PayloadValueTypes"/>)
    /// against this message's policy, before the plan is compiled or reads anything: members the reader drops create
    /// objects too, and must pass the same policy as the members it keeps.
    /// </summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private void AdmitPlan(LayoutPlan plan)
    {
        foreach (Type type in plan.PayloadValueTypes)
        {
            _admission.Check(type);
        }
        plan.AdmittedBy = _admission;
    }

    /// <summary>
    /// The codec of a type named (or declared) for a new object. The bytes choose the type, so a type that has no
    /// instances (abstract, interface, open generic, void, static class) or that Slim cannot handle is malformed input
    /// here, not a serialization error: everything is reported as a <see cref="SlimDeserializationException"/>.
    /// </summary>
    private SlimCodec CodecForReading(Type type, ReferenceSlot slot, long offset)
    {
        // The steady state: a type already read once. Reflection on the type costs more than reading a small object.
        if (Codecs.TryGetBuilt(type, out SlimCodec? built) && built.CheckedReadable)
        {
            return built;
        }
        return CheckedCodecForReading(type, slot, offset);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private SlimCodec CheckedCodecForReading(Type type, ReferenceSlot slot, long offset)
    {
        // An interface or abstract class has instances here only through a user serializer registered for it (a surrogate).
        if ((type.IsAbstract || type.IsInterface) && !Codecs.IsSerializerType(type) || type.ContainsGenericParameters || type == typeof(void) ||
            type.IsByRefLike || type.IsPointer || type.IsByRef || type.IsFunctionPointer)
        {
            SlimThrow.NoInstances(slot, type, offset);
        }
        SlimCodec codec;
        try
        {
            codec = Codecs.Get(type);
        }
        catch (Exception e) when (e is not SlimDeserializationException and not OutOfMemoryException)
        {
            throw new SlimDeserializationException(
                $"At offset {offset}, {slot.Name} announces a '{TypeNames.Describe(type)}', which Slim cannot read: {e.Message}", e);
        }
        if (type == slot.DeclaredType)
        {
            slot.ExactCodec(Codecs); // caches it in the slot (cannot fail now)
        }
        codec.CheckedReadable = true;
        return codec;
    }

    private void GuardDeclaredType(ReferenceSlot slot)
    {
        if (slot.DeniedReason is not null)
        {
            throw new SlimTypeNotAllowedException(TypeNames.Describe(slot.DeclaredType), slot.DeniedReason + " (the deny-list applies under every policy).");
        }
        if (slot.AdmitDeclaredType)
        {
            _admission.Check(slot.DeclaredType);
        }
    }

    /// <summary>Throws <see cref="SlimTypeNotAllowedException"/> unless the policy allows <paramref name="type"/>.</summary>
    public void CheckAllowed(Type type) => _admission.Check(type);
}
