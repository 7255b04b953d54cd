using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;
using NFX.Slim.CodeGen;
using NFX.Slim.Cloning.TreeClone;
using NFX.Slim.Session;
using NFX.Slim.TypeSystem;

namespace NFX.Slim.Cloning;

/// <summary>
/// The state of one deep clone: source -> clone by reference identity, and the queue of clones whose bodies are
/// still to copy (breadth-first, like serialization, so a long chain never recurses). Immutable values (strings,
/// boxed primitives) are shared, not copied. It keeps the order of a round trip through bytes: [OnSerializing] on a
/// source before it is copied, [OnSerialized] on the sources once every body is copied, then the completion steps
/// in dependency order (<see cref="CompletionOrder"/>), then <see cref="System.Runtime.Serialization.IDeserializationCallback"/>.
/// </summary>
internal sealed class CloneSession
{
    private readonly SlimSerializer _owner;
    private readonly IdentityMap<ClonedObject> _map = new(); // source -> clone and its index
    private readonly List<(object Source, object Clone, SlimCodec Codec, int Index)> _pending = [];
    private readonly List<object> _onSerialized = [];
    private readonly CompletionOrder _completion = new();
    private static readonly Action<CompletionStep> s_fill = Fill;
    private int _count;   // clones announced so far: the next clone's index
    private int _depth;
    private int _current = -1; // clone index of the object whose header or body is being copied
    private bool _treeAbandoned; // the depth-first attempt met what it does not copy: the clone is made again the general way
    private readonly List<(object Source, object Clone, TreeCloneNode Node)> _treeDeeper = []; // fills left at the depth bound
    private Type? _lastRootType; // the last root's type and its depth-first plan: a session mostly clones one kind of root
    private TreeCloneRoot? _lastTree;

    public CloneSession(SlimSerializer owner) => _owner = owner;

    public CodecCache Codecs => _owner.Codecs;

    public object? CloneGraph(object? root)
    {
        if (root is not null && TreeFor(root.GetType()) is { IsWorthTrying: true } tree)
        {
            // A depth-first clone runs no code of the program, so it can be made again: its map skips the collection check
            // on every new object, and in the rare clone a collection interrupts, the clone is made again, checked.
            // Up to the checked limit: a clone allocates as much as it reads, so a big one meets collections.
            _map.BeginUnchecked(IdentityMap<ClonedObject>.MaxKeysByAddress);
            object? copy;
            try
            {
                copy = CloneTree(root, tree);
                if (!_treeAbandoned)
                {
                    _map.Confirm();
                }
            }
            catch (CollectionDuringMessageException)
            {
                _owner.CountCloneRepeated();
                _map.Clear();
                _treeDeeper.Clear();
                _treeAbandoned = false;
                copy = CloneTree(root, tree);
            }
            if (!_treeAbandoned)
            {
                tree.Completed();
                return copy;
            }
            // Nothing of the source changed (no type of the plan has callbacks): start again from an empty map.
            tree.FellBack();
            _map.Clear();
            _treeAbandoned = false;
        }
        object? clone = CloneReference(root);
        for (int i = 0; i < _pending.Count; i++)
        {
            (object source, object target, SlimCodec codec, int index) = _pending[i];
            if (codec.Callbacks is { OnDeserializing.Length: > 0 } callbacks)
            {
                SerializationCallbacks.Invoke(callbacks.OnDeserializing, target);
            }
            _current = index;
            int announced = _count;
            if (codec.CloneFields is { } fields)
            {
                fields(source, target, this);
            }
            else
            {
                codec.CloneBody(source, target, this);
            }
            _completion.Announced(index, announced, _count);
        }
        _current = -1;
        foreach (object source in _onSerialized)
        {
            SerializationCallbacks.Invoke(Codecs.Get(source.GetType()).Callbacks!.OnSerialized, source);
        }
        _completion.Run(_count, s_fill, reading: false);
        return clone;
    }

    public void Clear()
    {
        _map.Clear();
        _treeAbandoned = false;
        _treeDeeper.Clear();
        _count = 0;
        _pending.Clear();
        _onSerialized.Clear();
        _completion.Clear();
        _depth = 0;
        _current = -1;
    }

    /// <summary>The clone of <paramref name="source"/>: the one already made, or a new one (shell first).</summary>
    public object? CloneReference(object? source) => source is null or string ? source : CloneNew(source, null);

    /// <summary>The clone of a reference held in <paramref name="slot"/> (whose exact-type codec is cached).</summary>
    public object? CloneReference(object? source, ReferenceSlot slot) => source is null or string ? source : CloneNew(source, slot);

    private object CloneNew(object source, ReferenceSlot? slot)
    {
        ref ClonedObject entry = ref _map.GetValueRefOrAddDefault(source, out bool exists);
        if (exists)
        {
            object? existing = entry.Clone;
            if (existing is null)
            {
                ThrowCycleThroughInlineValue(source, slot);
            }
            _completion.BackReference(_current, entry.Index);
            return existing;
        }
        int index = _count++;
        entry.Index = index;
        // The exact type is recognized by its handle (no Type object fetched), the common case of a field of a sealed type.
        SlimCodec codec = slot is not null && TypeHandles.Of(source) == slot.DeclaredTypeHandle ? slot.ExactCodec(Codecs) : Codecs.Get(source.GetType());
        object clone;
        if (codec.CloneHeaderIsLeaf && codec.Callbacks is null)
        {
            // An ordinary class, a list, an array: its shell (or whole copy) is made without cloning anything else, so
            // it takes its index directly, and its body, if it has references to clone, follows breadth-first.
            // The entry is still valid: a leaf header adds nothing to the map.
            clone = codec.CloneShell is { } shell ? shell(source) : codec.CloneHeader(source, this);
            entry.Clone = clone;
            if (codec.CloneBodyIsEager && codec.CloneFields is { } fields)
            {
                CloneBodyNow(source, clone, fields, index);
            }
            else if (codec.CloneNeedsBody)
            {
                _pending.Add((source, clone, codec, index));
            }
            return clone;
        }
        // From here the map may grow (callbacks, headers that clone their contents): the entry is found again by source.
        if (codec.Callbacks is { } callbacks)
        {
            BeforeCopy(source, callbacks);
        }
        int outer = _current;
        _current = index;
        if (codec.HeaderIsEmpty || codec.HasBody)
        {
            clone = codec.CloneHeader(source, this);
            _map.ValueOf(source).Clone = clone;
            _pending.Add((source, clone, codec, index));
        }
        else
        {
            if (++_depth > _owner.Options.Limits.MaxDepth)
            {
                SlimThrow.DepthOnWrite(codec.Type, _owner.Options.Limits.MaxDepth);
            }
            clone = codec.CloneHeader(source, this);
            _depth--;
            _map.ValueOf(source).Clone = clone;
        }
        _current = outer;
        _completion.Announced(index, index + 1, _count);
        if (codec.Callbacks is { HasAfterRead: true } afterRead)
        {
            _completion.AddCallbacks(index, clone, codec, afterRead);
        }
        return clone;
    }

    /// <summary>
    /// The clone of <paramref name="source"/>, held in a slot whose declared type <paramref name="node"/> copies, made
    /// depth-first (<see cref="TreeClonePlans"/>): looked up in the identity map first, so shared objects stay shared
    /// and cycles close on the shell made before its fields. At the depth bound the fill waits in a list, so a long
    /// chain never recurses deeper than the bound. An object of another runtime type abandons the attempt: from then
    /// on every call returns null at once and the caller starts again the general way.
    /// </summary>
    public object? CloneTreeChild(object? source, TreeCloneNode node, int depth)
    {
        if (source is null || _treeAbandoned)
        {
            return null;
        }
        if (TypeHandles.Of(source) != node.TypeHandle)
        {
            _treeAbandoned = true;
            return null;
        }
        ref ClonedObject entry = ref _map.GetValueRefOrAddDefault(source, out bool exists);
        if (exists)
        {
            return entry.Clone;
        }
        if (depth < TreeClonePlans.MaxDepth && node.Copy is { } copy)
        {
            return copy(node, source, this, depth + 1, ref entry);
        }
        // A leaf, whose shell is its whole copy, or a node at the depth bound, whose fill waits. A shell touches nothing
        // but the source, so the entry is still valid; it is set before the fields are filled, so a cycle back to this
        // object finds its clone.
        object clone = node.Shell(source);
        entry.Clone = clone;
        if (node.Fill is not null)
        {
            _treeDeeper.Add((source, clone, node));
        }
        return clone;
    }

    private object? CloneTree(object root, TreeCloneRoot tree)
    {
        object? copy = CloneTreeChild(root, tree.Node, 0);
        // Fills left at the depth bound run as a root's children would; nothing in such a graph observes the order.
        for (int i = 0; i < _treeDeeper.Count && !_treeAbandoned; i++)
        {
            (object source, object target, TreeCloneNode node) = _treeDeeper[i];
            node.Fill!(node, source, target, this, 1);
        }
        _treeDeeper.Clear();
        return copy;
    }

    private TreeCloneRoot? TreeFor(Type type)
    {
        if (type != _lastRootType)
        {
            _lastTree = _owner.TreeClones.RootFor(type);
            _lastRootType = type;
        }
        return _lastTree;
    }

    /// <summary>A body that only clones leaves (primitive arrays), run at once: they are still recorded as its own.</summary>
    private void CloneBodyNow(object source, object clone, Action<object, object, CloneSession> fields, int index)
    {
        int outer = _current;
        _current = index;
        int announced = _count;
        fields(source, clone, this);
        _completion.Announced(index, announced, _count);
        _current = outer;
    }

    /// <summary>
    /// Schedules work that completes the clone being made (its header or body is being copied now); it runs once
    /// every body is copied, after everything that clone reaches is complete.
    /// </summary>
    public void Defer(IDeferredCloneFill fill, CompletionKind kind = CompletionKind.Fill) =>
        _completion.Add(new CompletionStep(_current, kind, fill, null));

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void BeforeCopy(object source, SerializationCallbacks callbacks)
    {
        // As Serialize does: the source prepares itself before anything of it is copied, and hears it is done at the end.
        SerializationCallbacks.Invoke(callbacks.OnSerializing, source);
        if (callbacks.OnSerialized.Length != 0)
        {
            _onSerialized.Add(source);
        }
    }

    private static void Fill(CompletionStep step) => ((IDeferredCloneFill)step.Work).Fill();

    [DoesNotReturn]
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ThrowCycleThroughInlineValue(object source, ReferenceSlot? slot)
    {
        string where = slot?.Name ?? "a reference inside it";
        SlimThrow.Unsupported(where,
            $"it refers back to the '{TypeNames.Describe(source.GetType())}' that contains it, a value built inline (a boxed struct, an " +
            "immutable collection, a comparer or a custom-serialized object) that cannot exist before its contents: such a cycle cannot be cloned or serialized");
    }
}
