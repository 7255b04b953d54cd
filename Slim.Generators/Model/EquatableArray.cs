using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;

namespace NFX.Slim.Generators.Model;

/// <summary>
/// An immutable array compared by its elements, so the generator's models are equal when their contents are, and the
/// incremental pipeline skips the emitter for an unchanged model (arrays compare by reference).
/// </summary>
internal readonly struct EquatableArray<T> : IEquatable<EquatableArray<T>>, IEnumerable<T> where T : IEquatable<T>
{
    private readonly ImmutableArray<T> _items;

    public EquatableArray(IEnumerable<T> items) => _items = items.ToImmutableArray();

    public int Count => _items.IsDefault ? 0 : _items.Length;

    public T this[int index] => _items[index];

    public bool Equals(EquatableArray<T> other) => AsArray().SequenceEqual(other.AsArray());

    public override bool Equals(object? obj) => obj is EquatableArray<T> other && Equals(other);

    public override int GetHashCode()
    {
        int hash = 17;
        foreach (T item in AsArray())
        {
            hash = unchecked(hash * 31 + item.GetHashCode());
        }
        return hash;
    }

    public IEnumerator<T> GetEnumerator() => ((IEnumerable<T>)AsArray()).GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private ImmutableArray<T> AsArray() => _items.IsDefault ? ImmutableArray<T>.Empty : _items;
}
