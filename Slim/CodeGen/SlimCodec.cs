using NFX.IO;
using NFX.Slim.Cloning;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.CodeGen;

/// <summary>
/// How one runtime type of object (a class, an array, a collection, a boxed value) is written, read and cloned.
/// An object is announced once, where it is first referenced: its handle, its type if the slot needs it, then its
/// header (the whole value for inline kinds; lengths and comparers for containers). Its body (fields, elements) follows
/// at once while fewer than 6 bodies are open, else later from a queue (<see cref="Session.BodyOrder"/>), so deep graphs
/// never recurse deeper. Codecs are immutable and shared by all sessions.
/// </summary>
internal abstract class SlimCodec
{
    protected SlimCodec(Type type)
    {
        Type = type;
        IsStructural = StructuralReach.Builtin.Follows(type);
    }

    /// <summary>The exact runtime type this codec handles.</summary>
    public Type Type { get; }

    /// <summary>True when the codec writes a body after the header (the object is created as a shell first).</summary>
    public abstract bool HasBody { get; }

    /// <summary>
    /// True when reading the header may read references (custom serializers, immutable collections): such headers
    /// recurse, so they count against the depth limit, and the object does not exist until its header is read.
    /// </summary>
    public virtual bool HeaderReadsReferences => false;

    /// <summary>
    /// True when the bytes are a user type's own fields (docs/FORMAT.md, "Layouts"): such a type's layout must cross
    /// (in its type entry) before the first object announced without a type handle.
    /// </summary>
    public bool HasLayout { get; set; }

    /// <summary>
    /// True once a reader found <see cref="Type"/> to be a type that can have instances: set after the checks pass, so
    /// a reader announcing the type again skips the reflection (written at most once per value, benignly raced).
    /// </summary>
    public bool CheckedReadable { get; set; }

    /// <summary>
    /// True when the header is empty both ways and the object is a shell filled by its body (an ordinary class, a
    /// list): announcing one is its handle and a place in the queue, so the session skips the header calls.
    /// </summary>
    public bool HeaderIsEmpty { get; protected init; }

    /// <summary>
    /// True for the codec of a <c>List&lt;T&gt;</c> (empty header; body: the count, then the elements in the list's
    /// element slot), whose body generated code may write and read in place.
    /// </summary>
    public bool IsPlainList { get; protected init; }

    /// <summary>
    /// True when <see cref="CloneHeader"/> makes the clone from the source alone: it clones no other object and runs no
    /// user code (a shell, a copied array), so a deep clone gives it its index at once, with no depth count and no record
    /// of what it reached.
    /// </summary>
    public bool CloneHeaderIsLeaf { get; protected init; }

    /// <summary>
    /// False when <see cref="CloneHeader"/> already made the whole clone (every field or element is its own clone: plain
    /// data, strings), so a deep clone does not queue it for <see cref="CloneBody"/>. Read only with
    /// <see cref="CloneHeaderIsLeaf"/>.
    /// </summary>
    public bool CloneNeedsBody { get; protected init; } = true;

    private LazyCloneFunctor<Func<object, object>>? _cloneShell;
    private LazyCloneFunctor<Action<object, object, CloneSession>>? _cloneFields;

    /// <summary>
    /// <see cref="CloneHeader"/> as the compiled delegate itself when the codec is one (an ordinary class's shallow
    /// copy), else null: the session calls it directly, one indirect call per clone instead of a virtual call and then
    /// the delegate (the targets change with every type, so each hop costs a mispredicted branch). Compiled on the
    /// first clone (<see cref="SetCloneFunctors"/>).
    /// </summary>
    public Func<object, object>? CloneShell => _cloneShell?.Compiled;

    /// <summary><see cref="CloneBody"/> as the compiled delegate itself when the codec is one, else null (see <see cref="CloneShell"/>).</summary>
    public Action<object, object, CloneSession>? CloneFields => _cloneFields?.Compiled;

    /// <summary>Makes <paramref name="shell"/> and <paramref name="fields"/> the codec's <see cref="CloneShell"/> and <see cref="CloneFields"/>.</summary>
    protected void SetCloneFunctors(LazyCloneFunctor<Func<object, object>> shell, LazyCloneFunctor<Action<object, object, CloneSession>> fields)
    {
        _cloneShell = shell;
        _cloneFields = fields;
    }

    /// <summary>
    /// True when <see cref="CloneFields"/> can only clone leaves (primitive arrays): a deep clone runs it right after the
    /// shell instead of queuing the clone. What that changes is only where those leaves fall in the announcement order,
    /// which nothing observes: a leaf runs no user code and reaches nothing.
    /// </summary>
    public bool CloneBodyIsEager { get; protected init; }

    /// <summary>
    /// True when the header allocates room for what the body reads later (an array: its elements): when the body waits
    /// in the queue, the reader promises <see cref="BodyMinWireBytes"/> of its input left to it, so objects waiting for
    /// their bodies can never claim more memory, together, than the bytes left justify (docs/SECURITY.md, "Limits").
    /// </summary>
    public bool HeaderAllocatesBody { get; protected init; }

    /// <summary>The fewest bytes the body of <paramref name="instance"/> (its header read) takes on the wire; see <see cref="HeaderAllocatesBody"/>.</summary>
    public virtual long BodyMinWireBytes(object instance) => 0;

    /// <summary>
    /// True when equality, hashing, comparison or ToString of the type follow references into other objects
    /// (<see cref="StructuralReach"/>): a read graph whose such objects form a cycle, or a chain deeper than
    /// <see cref="SlimLimits.MaxStructuralDepth"/>, is refused before any code of the program can touch it. Set from the
    /// classes Slim recognizes; the cache that builds the codec widens it to what its options declare.
    /// </summary>
    public bool IsStructural { get; set; }

    /// <summary>Serialization callbacks of the type, or null when it has none.</summary>
    public SerializationCallbacks? Callbacks { get; protected init; }

    /// <summary>
    /// True when writing the value calls code of the program that may do more than read it: a custom serializer,
    /// ISerializable.GetObjectData, an exception's overridable properties. A message is written again when a collection
    /// interrupts its unchecked run (see <see cref="Session.IdentityMap{TValue}.BeginUnchecked"/>); the writer ends the run
    /// before such code (and before callbacks), so that it never runs twice for one message.
    /// </summary>
    public bool RunsProgramCode { get; protected init; }

    /// <summary>Writes what the reader needs to create the object (the whole value for inline kinds).</summary>
    public abstract void WriteHeader(SlimWriter writer, object value, WriteSession session);

    private Action<SlimWriter, object, WriteSession>? _bodyWriter;

    /// <summary>
    /// <see cref="WriteBody"/> as a delegate, for the writer's queue of bodies: an ordinary class's generated functor
    /// itself, so each body costs one delegate call instead of a virtual call and then the delegate's.
    /// </summary>
    public Action<SlimWriter, object, WriteSession> BodyWriter => _bodyWriter ??= CreateBodyWriter();

    /// <summary>Creates <see cref="BodyWriter"/> (created once per codec, benignly raced).</summary>
    protected virtual Action<SlimWriter, object, WriteSession> CreateBodyWriter() => WriteBody;

    /// <summary>Writes the body (fields, elements) of a codec with <see cref="HasBody"/>.</summary>
    public virtual void WriteBody(SlimWriter writer, object value, WriteSession session) { }

    /// <summary>Reads the header and creates the object (a shell when <see cref="HasBody"/>).</summary>
    public abstract object ReadHeader(SlimReader reader, ReadSession session);

    /// <summary>Reads the body into the shell created by <see cref="ReadHeader"/>.</summary>
    public virtual void ReadBody(SlimReader reader, object instance, ReadSession session) { }

    /// <summary>Creates the clone of <paramref name="source"/> (a shell when <see cref="HasBody"/>, or the source itself when immutable).</summary>
    public abstract object CloneHeader(object source, CloneSession session);

    /// <summary>Copies the body of <paramref name="source"/> into the shell <paramref name="target"/>.</summary>
    public virtual void CloneBody(object source, object target, CloneSession session) { }
}
