using System.Runtime.CompilerServices;
using System.Runtime.Serialization;
using NFX.Slim.CodeGen;

namespace NFX.Slim.Session;

/// <summary>What a completion step does; within one cycle of objects the kinds run in this order.</summary>
internal enum CompletionKind : byte
{
    /// <summary>An <c>ISerializable</c> constructor (run on the object created uninitialized at first sight).</summary>
    Construct = 0,

    /// <summary>Filling a hashed or sorted collection, or building an immutable one into its shell.</summary>
    Fill = 1,

    /// <summary>The object's <c>[OnDeserialized]</c> methods.</summary>
    Callback = 2,
}

/// <summary>One piece of work that completes the object at pool (or clone) index <see cref="Node"/>.</summary>
internal readonly record struct CompletionStep(int Node, CompletionKind Kind, object Work, object? Instance);

/// <summary>
/// Decides the order in which a read or a clone completes its objects once every body is in place. A body may wait
/// in the queue and a cycle leads back to objects being read, so an object's fields may reach objects that are not complete yet: an <c>ISerializable</c> whose
/// constructor has not run, a collection not filled yet, an object whose <c>[OnDeserialized]</c> sets up its state
/// (a <c>CompareInfo</c> inside a culture-aware comparer). A hashed collection filled before its keys or its
/// comparer are complete hashes the wrong thing, silently.
/// <para>
/// The session records who reached whom: every object announced while an object's header or body was read (a
/// run or runs of indexes) and every back-reference read there. The steps then run in dependency order: the
/// strongly connected components of that graph in reverse topological order (Tarjan), so everything an object
/// reaches is complete before its own step runs. Inside one cycle, where no order satisfies everyone, constructors
/// run first, then fills (both latest registered first), then callbacks in announcement order; the same order decides
/// between objects that do not reach each other. The walk is iterative
/// (a million-node chain does not recurse) and only runs when there is a step to order.
/// </para>
/// </summary>
internal sealed class CompletionOrder
{
    private readonly List<int> _spans = [];      // owner, first, end (exclusive): objects announced while reading owner
    private readonly List<int> _backEdges = [];  // owner, target: back-references read while reading owner
    private readonly List<CompletionStep> _steps = [];
    private readonly List<object> _deserializationCallbacks = [];

    /// <summary>True when at least one step waits.</summary>
    public bool HasSteps => _steps.Count != 0;

    /// <summary>Records that objects <paramref name="first"/> .. <paramref name="end"/> - 1 were announced while reading <paramref name="owner"/>.</summary>
    public void Announced(int owner, int first, int end)
    {
        if (owner >= 0 && end > first)
        {
            _spans.Add(owner);
            _spans.Add(first);
            _spans.Add(end);
        }
    }

    /// <summary>Records that <paramref name="owner"/> refers to the earlier object <paramref name="target"/>.</summary>
    public void BackReference(int owner, int target)
    {
        if (owner >= 0 && owner != target)
        {
            _backEdges.Add(owner);
            _backEdges.Add(target);
        }
    }

    public void Add(CompletionStep step) => _steps.Add(step);

    /// <summary>
    /// Records what the type of a new object (read or cloned) asks for once the graph is complete: its
    /// <c>[OnDeserialized]</c> methods as a step, and <c>IDeserializationCallback</c> after every step.
    /// </summary>
    public void AddCallbacks(int node, object instance, SlimCodec codec, SerializationCallbacks callbacks)
    {
        if (callbacks.OnDeserialized.Length != 0)
        {
            _steps.Add(new CompletionStep(node, CompletionKind.Callback, codec, instance));
        }
        if (callbacks.IsDeserializationCallback)
        {
            _deserializationCallbacks.Add(instance);
        }
    }

    public void Clear()
    {
        if (_spans.Count == 0 && _backEdges.Count == 0 && _steps.Count == 0 && _deserializationCallbacks.Count == 0)
        {
            return; // most messages: List.Clear would still bump four versions
        }
        _spans.Clear();
        _backEdges.Clear();
        _steps.Clear();
        _deserializationCallbacks.Clear();
    }

    /// <summary>
    /// Completes the graph: every step in dependency order (constructor and fill steps through <paramref name="fill"/>,
    /// callback steps here), then <c>IDeserializationCallback</c> in announcement order. A callback's own exception is
    /// wrapped as <see cref="SerializationCallbacks.Invoke"/> does (<paramref name="reading"/>: a deserialization error,
    /// else a serialization one); <paramref name="nodeCount"/> is the pool size.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void Run(int nodeCount, Action<CompletionStep> fill, bool reading)
    {
        if (_steps.Count == 0 && _deserializationCallbacks.Count == 0)
        {
            return; // most graphs: nothing waits, and the caller pays no call
        }
        RunAll(nodeCount, fill, reading);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void RunAll(int nodeCount, Action<CompletionStep> fill, bool reading)
    {
        RunSteps(nodeCount, fill, reading);
        foreach (object instance in _deserializationCallbacks)
        {
            try
            {
                ((IDeserializationCallback)instance).OnDeserialization(null);
            }
            catch (Exception e) when (e is not SlimException and not OutOfMemoryException)
            {
                string message = $"{instance.GetType()}.OnDeserialization threw: {e.Message}";
                throw reading ? new SlimDeserializationException(message, e) : new SlimSerializationException(message, e);
            }
        }
    }

    private static void RunStep(CompletionStep step, Action<CompletionStep> fill, bool reading)
    {
        if (step.Kind == CompletionKind.Callback)
        {
            SerializationCallbacks.Invoke(((SlimCodec)step.Work).Callbacks!.OnDeserialized, step.Instance!, reading);
        }
        else
        {
            fill(step);
        }
    }

    private void RunSteps(int nodeCount, Action<CompletionStep> fill, bool reading)
    {
        if (_steps.Count == 0)
        {
            return;
        }
        (int[] offsets, int[] targets) = Adjacency(nodeCount);
        var firstStep = new int[nodeCount];
        Array.Fill(firstStep, -1);
        var nextStep = new int[_steps.Count];
        for (int s = _steps.Count - 1; s >= 0; s--)
        {
            int node = _steps[s].Node;
            nextStep[s] = firstStep[node];
            firstStep[node] = s;
        }

        var index = new int[nodeCount];
        Array.Fill(index, -1);
        var low = new int[nodeCount];
        var onStack = new bool[nodeCount];
        var component = new List<int>();
        var callStack = new List<(int Node, int Edge)>();
        var componentSteps = new List<int>();
        int counter = 0;
        List<int> roots = [.. Enumerable.Range(0, _steps.Count)];
        roots.Sort(CompareSteps);
        foreach (int rootStep in roots)
        {
            int root = _steps[rootStep].Node;
            if (index[root] != -1)
            {
                continue;
            }
            Visit(root);
            while (callStack.Count != 0)
            {
                (int v, int edge) = callStack[^1];
                if (edge < offsets[v + 1])
                {
                    callStack[^1] = (v, edge + 1);
                    int w = targets[edge];
                    if (index[w] == -1)
                    {
                        Visit(w);
                    }
                    else if (onStack[w])
                    {
                        low[v] = Math.Min(low[v], index[w]);
                    }
                    continue;
                }
                callStack.RemoveAt(callStack.Count - 1);
                if (callStack.Count != 0)
                {
                    int parent = callStack[^1].Node;
                    low[parent] = Math.Min(low[parent], low[v]);
                }
                if (low[v] == index[v])
                {
                    componentSteps.Clear();
                    int member;
                    do
                    {
                        member = component[^1];
                        component.RemoveAt(component.Count - 1);
                        onStack[member] = false;
                        for (int s = firstStep[member]; s >= 0; s = nextStep[s])
                        {
                            componentSteps.Add(s);
                        }
                    }
                    while (member != v);
                    RunComponent(componentSteps, fill, reading);
                }
            }
        }

        void Visit(int node)
        {
            index[node] = low[node] = counter++;
            component.Add(node);
            onStack[node] = true;
            callStack.Add((node, offsets[node]));
        }
    }

    private void RunComponent(List<int> steps, Action<CompletionStep> fill, bool reading)
    {
        if (steps.Count == 1)
        {
            RunStep(_steps[steps[0]], fill, reading);
            return;
        }
        steps.Sort(CompareSteps);
        foreach (int s in steps)
        {
            RunStep(_steps[s], fill, reading);
        }
    }

    /// <summary>
    /// The order where dependencies do not decide (inside a cycle, or between objects that do not reach each other):
    /// constructors, then fills, both latest registered first (deeper objects register later), then callbacks in
    /// registration (announcement) order.
    /// </summary>
    private int CompareSteps(int a, int b)
    {
        CompletionKind ka = _steps[a].Kind, kb = _steps[b].Kind;
        if (ka != kb)
        {
            return ka.CompareTo(kb);
        }
        return ka == CompletionKind.Callback ? a.CompareTo(b) : b.CompareTo(a);
    }

    private (int[] Offsets, int[] Targets) Adjacency(int nodeCount)
    {
        var offsets = new int[nodeCount + 1];
        for (int i = 0; i < _spans.Count; i += 3)
        {
            offsets[_spans[i] + 1] += _spans[i + 2] - _spans[i + 1];
        }
        for (int i = 0; i < _backEdges.Count; i += 2)
        {
            offsets[_backEdges[i] + 1]++;
        }
        for (int i = 0; i < nodeCount; i++)
        {
            offsets[i + 1] += offsets[i];
        }
        var targets = new int[offsets[nodeCount]];
        var cursor = new int[nodeCount];
        Array.Copy(offsets, cursor, nodeCount);
        for (int i = 0; i < _spans.Count; i += 3)
        {
            int owner = _spans[i];
            for (int t = _spans[i + 1]; t < _spans[i + 2]; t++)
            {
                targets[cursor[owner]++] = t;
            }
        }
        for (int i = 0; i < _backEdges.Count; i += 2)
        {
            targets[cursor[_backEdges[i]]++] = _backEdges[i + 1];
        }
        return (offsets, targets);
    }
}
